import { z } from 'zod';
import { webhookUrl } from './common.js';

/** A JSON object, or the same as a JSON string (form-encoded and multipart bodies carry text). */
const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown(), { error: 'Expected an object of slot name → value.' }),
);

/** The contract's job body (create, preview_async and its synchronous alias). */
export const templateJobBody = z
  .object({
    template_id: z.string().min(1).max(64),
    parameters: jsonObject.nullish(),
    variables: jsonObject.nullish(),
    name: z.string().max(255).nullish(),
    model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .meta({
    // The slots' values, under either name.
    anyOf: ['parameters', 'variables'].map((name) => ({ required: [name], properties: { [name]: { type: 'object' } } })),
  });

export const templateIdParams = z.object({ template_id: z.string() });
