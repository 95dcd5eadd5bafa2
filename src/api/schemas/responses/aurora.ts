import { z } from 'zod';
import { fileUrl, mediaJob, taskEnvelopeShape } from './task.js';
import { created, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/aurora.ts`. */
export const auroraTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    name: z.string().nullable(),
    image: z.string(),
    audio: z.string(),
    text_prompt: z.string().nullable(),
    prompt_guidance_scale: z.number().nullable(),
    prompt_guidance: z
      .strictObject({
        matched: z.array(z.string()),
        negated: z.array(z.string()),
        head_motion: z.number(),
        nod: z.number(),
        blink_rate: z.number(),
        mouth_gain: z.number(),
      })
      .nullable()
      .describe('What text_prompt was understood as'),
    model_version: z.string(),
    resolution: z.string().nullable(),
    ttl_days: z.number().nullable(),
    expires_at: z.string().nullable().describe('When the files go (with ttl_days, set when done)'),
    output_expired: z.boolean(),
    output_upload_url: z.string().nullable(),
    output_upload: z
      .strictObject({ status: z.enum(['uploaded', 'failed']), http_status: z.number().nullable(), reason: z.string().optional() })
      .nullable()
      .describe('The PUT of the MP4 to output_upload_url, once tried'),
    output: fileUrl,
    video_output: fileUrl.describe('= output'),
    video_thumbnail: fileUrl,
    width: z.number().nullable(),
    height: z.number().nullable(),
    preview: z.null(),
    media_job: mediaJob,
  })
  .describe('An Aurora task');

export const auroraOperations: OperationTable = {
  'POST /api/aurora/': created(auroraTaskResponse, paid),
  ...readOperations('/api/aurora/', auroraTaskResponse),
};
