import { z } from 'zod';
import { fileUrl, taskEnvelopeShape, retentionShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/asset-generation.ts`. */
export const assetGenerationTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    model_name: z.string().nullable(),
    gen_type: z.enum(['image', 'video']).nullable(),
    input_params: z.record(z.string(), z.unknown()).describe('As sent'),
    output_nums: z.number().nullable(),
    assets: z.array(
      z.strictObject({ id: z.string(), type: z.enum(['image', 'video']), url: z.string(), thumbnail_url: z.string().nullable(), name: z.string() }),
    ),
    output: fileUrl.describe('URL of the first asset'),
    ...retentionShape,
  })
  .describe('An Asset Generator task');

const inputSpec = z.strictObject({
  type: z.enum(['string', 'integer', 'number', 'boolean', 'color', 'image', 'video', 'image_list']),
  required: z.boolean(),
  description: z.string(),
  options: z.array(z.union([z.string(), z.number()])).optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  max_length: z.number().optional(),
  min_items: z.number().optional(),
  max_items: z.number().optional(),
  max_side_px: z.number().optional(),
  max_duration_seconds: z.number().optional(),
});

export const assetSchemaResponse = z
  .strictObject({
    models: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        inputs: z.record(z.string(), inputSpec),
        generation_type: z.enum(['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video', 'video_to_video']),
        gen_type: z.enum(['image', 'video']),
        credits_per_output: z.number(),
        remote: z.boolean(),
      }),
    ),
  })
  .describe('The asset models (spec shape)');

export const assetCompatibleSchemaResponse = z
  .array(
    z.strictObject({
      model_name: z.string(),
      generation_type: z.string(),
      credits_per_output: z.number(),
      description: z.string(),
      input_params_schema: z.record(z.string(), z.unknown()).describe('JSON Schema of input_params'),
    }),
  )
  .describe('The asset models (compatible shape)');

/** The Asset Generator under both of its paths (`ai_generation`, `asset_generator`). */
export const assetGenerationOperations: OperationTable = {
  'GET /api/ai_generation/schema/': ok(assetSchemaResponse),
  'GET /api/asset_generator/schemas/': ok(assetCompatibleSchemaResponse),
  'POST /api/ai_generation/': created(assetGenerationTaskResponse, paid),
  ...readOperations('/api/ai_generation/', assetGenerationTaskResponse),
  'POST /api/asset_generator/': created(assetGenerationTaskResponse, paid),
  ...readOperations('/api/asset_generator/', assetGenerationTaskResponse),
};
