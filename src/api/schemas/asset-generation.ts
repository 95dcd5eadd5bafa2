import { z } from 'zod';
import { requiredText } from './text-field.js';
import { boundedNumber } from './bounded-number.js';
import { webhookUrl } from './common.js';
import { jsonObjectField } from './json-object-field.js';
import { MAX_OUTPUT_NUMS } from '../../domain/asset-generation/asset-models.js';

/**
 * `input_params` as JSON sends it (an object), or as a form sends it: one field holding JSON.
 * Flat form fields (`input_params.image_url`, `input_params[image_url]`) are gathered by the route.
 */
const inputParams = jsonObjectField("the model's inputs");

/** The contract's Asset Generator body; `input_params` is validated against the model by the service. */
export const assetGenerationBody = z
  .object({
    model_name: requiredText(255),
    input_params: inputParams.optional(),
    output_nums: boundedNumber(1, MAX_OUTPUT_NUMS, { integer: true }).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

/**
 * The body as a route documents it: `model_name` one of this server's models (their ids, so the
 * route builds it from the catalog), and `input_params` required (a form may send its inputs as
 * flat `input_params.x` fields instead, which the route gathers).
 */
export const assetGenerationBodyFor = (modelIds: readonly string[]) =>
  assetGenerationBody
    .extend({ model_name: assetGenerationBody.shape.model_name.meta({ enum: [...modelIds], 'x-server-specific': true }) })
    .meta({ required: ['model_name', 'input_params'] });

export const assetSchemaQuery = z.object({
  model_name: z.string().max(2000).optional(),
});
