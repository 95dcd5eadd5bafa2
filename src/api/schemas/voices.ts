import { z } from 'zod';
import { requiredText } from './text-field.js';
import { documentedChoice } from './choices.js';
import { mediaUrl, pageQuery, webhookUrl } from './common.js';

export const voicesPageQuery = pageQuery.extend({
  language: z.string().max(20).optional(),
  gender: z.enum(['male', 'female']).optional(),
});

/**
 * `audio_url` and `name` are the spec's; `language` (default en) picks the base voices, one of
 * `languages` (what this machine's speech engines speak, so the route builds the schema).
 */
export const cloneVoiceBody = (languages: readonly string[]) =>
  z.object({
    audio_url: mediaUrl(2000),
    name: requiredText(100),
    language: documentedChoice(languages, 20, 'A language the base voices speak (case is ignored). Default en.').meta({ 'x-server-specific': true }).optional(),
    webhook_url: webhookUrl,
  });

export type CloneVoiceBody = z.infer<ReturnType<typeof cloneVoiceBody>>;
