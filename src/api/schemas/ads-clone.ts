import { z } from 'zod';
import { mediaUrl, webhookUrl } from './common.js';

/** The contract's ad clone body (§20). */
export const adCloneBody = z.object({
  link: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
  video_url: mediaUrl(2000),
  aspect_ratio: z.string().max(10).nullish(),
  language: z.string().max(20).nullish(),
  webhook_url: webhookUrl,
}).passthrough();
