import { z } from 'zod';
import { fileUrl, taskEnvelopeShape, retentionShape } from './task.js';
import { created, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/inspiration.ts`: an inspiration. */
export const inspirationResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    gen_type: z.enum(['image', 'video']),
    input_params_schema: z.strictObject({
      schema_uri: z.string(),
      type: z.literal('object'),
      required: z.array(z.string()),
      properties: z.record(z.string(), z.record(z.string(), z.unknown())).describe('JSON Schema of each parameter; keys verbatim, e.g. "Product Image"'),
    }),
    credit_cost: z.number(),
    categories: z.array(z.string()),
    labels: z.array(z.string()),
    preview_image: z.string().nullable().describe('PNG made from the sample product on first request (image inspirations)'),
    preview_video: z.string().nullable().describe('MP4 made from the sample product on first request (video inspirations)'),
  })
  .describe('An inspiration (a pre-made style)');

/** `api/wire/inspiration.ts`: an inspiration job. */
export const inspirationJobResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    inspiration_id: z.string().nullable(),
    gen_type: z.enum(['image', 'video']).nullable(),
    parameters: z.record(z.string(), z.unknown()).describe('As sent'),
    input_params: z.record(z.string(), z.unknown()).describe('Same as parameters'),
    output: fileUrl.describe('The PNG or MP4'),
    thumbnail: fileUrl.describe('A JPEG frame of a video output'),
    width: z.number().nullable(),
    height: z.number().nullable(),
    ...retentionShape,
  })
  .describe('An inspiration job');

export const inspirationOperations: OperationTable = {
  ...readOperations('/api/inspirations/', inspirationResponse),
  'POST /api/inspiration_jobs/': created(inspirationJobResponse, { ...paid, findsById: true }),
  ...readOperations('/api/inspiration_jobs/', inspirationJobResponse),
};
