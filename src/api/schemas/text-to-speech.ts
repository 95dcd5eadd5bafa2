import { z } from 'zod';
import { SPEAKABLE_PATTERN } from './choices.js';
import { webhookUrl } from './common.js';

const fields = {
  text: z.string().min(1, 'This field may not be blank.').meta({ pattern: SPEAKABLE_PATTERN }).optional(),
  script: z.string().min(1, 'This field may not be blank.').meta({ pattern: SPEAKABLE_PATTERN }).optional(),
  voice_id: z.string().optional(),
  accent: z.string().optional(),
  webhook_url: webhookUrl,
};

/**
 * Each name and its alias: one of the two is required. The refinement below enforces it (naming
 * the spec's field when both are missing); the `allOf` in the metadata says the same in the
 * OpenAPI document, which the properties alone cannot (each of them is optional), so that the
 * document — and the SDK types generated from it — do not take `{}` for a valid body. It only
 * documents: validation is the refinement's, whatever the metadata says.
 */
const ONE_OF_EACH = [
  ['text', 'script'],
  ['voice_id', 'accent'],
] as const;

/** `text`/`voice_id` are the spec's names; `script`/`accent` are the compatible API's aliases. */
export const ttsBody = z
  .object(fields)
  .superRefine((b, ctx) => {
    if (b.text === undefined && b.script === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'This field is required.' });
    if (b.voice_id === undefined && b.accent === undefined) ctx.addIssue({ code: 'custom', path: ['voice_id'], message: 'This field is required.' });
  })
  .meta({
    allOf: ONE_OF_EACH.map((names) => ({
      anyOf: names.map((name) => ({
        type: 'object',
        required: [name],
        properties: { [name]: { type: 'string', minLength: 1, ...(name === 'text' || name === 'script' ? { pattern: SPEAKABLE_PATTERN } : {}) } },
      })),
    })),
  });
