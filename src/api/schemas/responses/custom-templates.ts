import { z } from 'zod';
import { isoTime, mediaJob, taskEnvelopeShape, videoFilesShape } from './task.js';
import { created, ok, paid, type OperationTable } from './operations.js';

const variableMap = z
  .record(
    z.string(),
    z.object({
      type: z.enum(['image', 'video', 'audio', 'text', 'avatar', 'voiceover']),
      required: z.boolean(),
    }),
  )
  .describe('Slot name → {type, required}');

/** `api/wire/custom-template.ts` (`templateToWire`); the detail adds `variables`. */
export const templateResponse = z
  .strictObject({
    template_id: z.string(),
    id: z.string().describe('= template_id'),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    preview: z.string().describe("A sample video made from the template's defaults (on first request)"),
    thumbnail: z.string(),
    aspect_ratio: z.string(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .describe('A template of the catalog');

export const templateDetailResponse = templateResponse.extend({ variables: variableMap }).describe('A template with its variables');

/** `api/wire/custom-template.ts` (`dyoaToWire`). */
export const dyoaTemplateResponse = z
  .strictObject({
    id: z.string().describe('Usable as template_id of a custom template job'),
    name: z.string(),
    description: z.string(),
    thumbnail: z.string(),
    category: z.string(),
    parameters: variableMap,
    aspect_ratio: z.string(),
    preview: z.string(),
  })
  .describe('A design-your-own template');

/** `api/wire/custom-template.ts` (`templateJobToWire`). */
export const templateJobResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    template_id: z.string().nullable(),
    name: z.string().nullable(),
    parameters: z.record(z.string(), z.unknown()).describe('As sent (either body form)'),
    variables: z.record(z.string(), z.unknown()).describe('As sent (either body form)'),
    model_version: z.string(),
    ...videoFilesShape,
    media_job: mediaJob,
    editor_url: z.null(),
  })
  .describe('A custom template job');

/** Custom Templates and DYOA. */
export const customTemplateOperations: OperationTable = {
  'GET /api/custom_templates/': ok(z.array(templateResponse)),
  'GET /api/custom_templates/:template_id/': ok(templateDetailResponse),
  'POST /api/custom_template_jobs/': created(templateJobResponse, paid),
  'POST /api/custom_template_jobs/preview_async/': created(templateJobResponse, paid),
  'POST /api/custom_template_jobs/preview/': created(templateJobResponse, paid),
  'GET /api/custom_template_jobs/:id/': ok(templateJobResponse),
  'POST /api/custom_template_jobs/:id/preview/': ok(templateJobResponse, paid),
  'POST /api/custom_template_jobs/:id/render/': ok(templateJobResponse, paid),
  'GET /api/dyoa/': ok(z.array(dyoaTemplateResponse)),
};
