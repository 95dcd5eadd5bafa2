import { z } from 'zod';
import { mediaUrl, pageQuery, webhookUrl } from './common.js';

export const voicesPageQuery = pageQuery.extend({
  language: z.string().max(20).optional(),
  gender: z.enum(['male', 'female']).optional(),
});

/** `audio_url` and `name` are the spec's; `language` (default en) picks the base voices. */
export const cloneVoiceBody = z.object({
  audio_url: mediaUrl(2000),
  name: z.string().max(100, 'Ensure this field has no more than 100 characters.'),
  language: z.string().max(20).optional(),
  webhook_url: webhookUrl,
});
