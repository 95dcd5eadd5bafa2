import { z } from 'zod';
import { webhookUrl } from './common.js';

/** An object of the inspiration's parameters, or (a form) one field holding it as JSON. */
const parameters = z.union([
  z.record(z.string(), z.unknown()),
  z.string().transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Reported below.
    }
    ctx.issues.push({ code: 'custom', message: 'Expected an object of the inspiration\'s parameters (JSON).', input: text });
    return z.NEVER;
  }),
], { error: () => 'Expected an object of the inspiration\'s parameters.' });

/** The contract's inspiration job body; `parameters` (alias `input_params`) is validated against the inspiration by the service. */
export const inspirationJobBody = z.object({
  inspiration_id: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
  parameters: parameters.optional(),
  input_params: parameters.optional(),
  webhook_url: webhookUrl,
}).passthrough();
