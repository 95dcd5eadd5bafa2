import { z } from 'zod';
import { SCRIPT_LANGUAGES } from '../../pipelines/text/languages.js';
import { documentedChoice } from './choices.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';

/** The contract's ad clone body (§20). */
export const adCloneBody = z
  .object({
    link: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
    video_url: mediaUrl(2000),
    aspect_ratio: aspectRatio.nullish(),
    language: documentedChoice(SCRIPT_LANGUAGES, 20, 'A language the built-in script writer writes.').nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();
