import { z } from 'zod';
import { aiEditingBody } from '../ai-editing.js';
import { echoOf, mediaJob, taskEnvelopeShape, videoFilesShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/ai-editing.ts`. */
export const aiEditingTaskResponse = z
  .strictObject({
    ...echoOf(aiEditingBody),
    ...taskEnvelopeShape,
    video_url: z.string().nullable(),
    instructions: z.string().nullable(),
    aspect_ratio: z.string().nullable().describe("As requested; null keeps the source's shape"),
    editing_style: z.string().nullable(),
    name: z.string().nullable(),
    ...videoFilesShape,
    understood_instructions: z.array(z.string()).describe('The operations read from `instructions`'),
    ignored_instructions: z.array(z.string()).describe('Parts of `instructions` that matched nothing in the vocabulary'),
    edit_notes: z.array(z.string()).describe('What the edit did and did not do (pauses cut, no speech heard, …); empty until planned'),
    source_duration: z.number().nullable().describe('Seconds of the source video: what every step is priced on'),
    captioned: z.boolean().nullable().describe('Whether captions were drawn (null until planned)'),
    transcript: z.string().nullable().describe('What was heard in the source (null until planned)'),
    media_job: mediaJob,
    editor_url: z.null(),
  })
  .describe('An AI editing task');

export const aiEditingOperations: OperationTable = {
  'POST /api/ai_editing/': created(aiEditingTaskResponse, paid),
  'POST /api/ai_editing/preview/': created(aiEditingTaskResponse, paid),
  ...readOperations('/api/ai_editing/', aiEditingTaskResponse),
  'POST /api/ai_editing/:id/preview/': ok(aiEditingTaskResponse, paid),
  'POST /api/ai_editing/:id/render/': ok(aiEditingTaskResponse, paid),
};
