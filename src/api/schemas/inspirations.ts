import { z } from 'zod';
import { requiredText } from './text-field.js';
import { webhookUrl } from './common.js';
import { jsonObjectField } from './json-object-field.js';

/** An object of the inspiration's parameters, or (a form) one field holding it as JSON. */
const parameters = jsonObjectField("the inspiration's parameters");

/** The contract's inspiration job body; `parameters` (alias `input_params`) is validated against the inspiration by the service. */
export const inspirationJobBody = z
  .object({
    inspiration_id: requiredText(255),
    parameters: parameters.optional(),
    input_params: parameters.optional(),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .meta({
    // Every inspiration has inputs it needs (its input_params_schema), under either name.
    anyOf: ['parameters', 'input_params'].map((name) => ({ required: [name], properties: { [name]: { type: 'object' } } })),
  });
