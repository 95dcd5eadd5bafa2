import { z } from 'zod';
import { aiShortBody } from '../ai-shorts.js';
import { echoOf, mediaJob, taskEnvelopeShape, videoFilesShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/ai-short.ts`. */
export const aiShortTaskResponse = z
  .strictObject({
    ...echoOf(aiShortBody),
    ...taskEnvelopeShape,
    script: z.string().nullable(),
    aspect_ratio: z.string().nullable(),
    style: z.string().nullable().describe('One of the ten AI Shorts styles'),
    accent: z.string().nullable().describe('The voice id spoken'),
    voice_id: z.string().nullable().describe('= accent'),
    name: z.string().nullable(),
    ...videoFilesShape,
    media_job: mediaJob,
    editor_url: z.null(),
  })
  .describe('An AI Shorts task');

export const aiShortOperations: OperationTable = {
  'POST /api/ai_shorts/': created(aiShortTaskResponse, paid),
  'POST /api/ai_shorts/preview/': created(aiShortTaskResponse, paid),
  'POST /api/ai_shorts/:id/render/': ok(aiShortTaskResponse, paid),
  ...readOperations('/api/ai_shorts/', aiShortTaskResponse),
};
