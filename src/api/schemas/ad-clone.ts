import { z } from 'zod';
import { requiredText } from './text-field.js';
import { SCRIPT_LANGUAGES } from '../../pipelines/text/languages.js';
import { documentedChoice } from './choices.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';

/** The contract's ad clone body (§20). */
export const adCloneBody = z
  .object({
    link: requiredText(255),
    video_url: mediaUrl(2000),
    aspect_ratio: aspectRatio.nullish(),
    language: documentedChoice(SCRIPT_LANGUAGES, 20, 'A language the built-in script writer writes.').nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();
