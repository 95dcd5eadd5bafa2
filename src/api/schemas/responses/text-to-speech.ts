import { z } from 'zod';
import { fileUrl, mediaJob, taskEnvelopeShape } from './task.js';
import { created, ok, paid, type OperationTable } from './operations.js';
import { pageOf } from './catalog.js';

/** `api/wire/text-to-speech.ts`. */
export const ttsTaskResponse = z
  .strictObject({
    ...taskEnvelopeShape,
    text: z.string(),
    script: z.string().describe('= text'),
    voice_id: z.string(),
    accent: z.string().describe('= voice_id'),
    output: fileUrl.describe('The audio (MP3) once done'),
    video_output: fileUrl.describe('= output'),
    words: z
      .array(z.strictObject({ word: z.string(), start: z.number(), end: z.number() }))
      .nullable()
      .describe('Word timings in seconds, once done'),
    media_job: mediaJob,
  })
  .describe('A text-to-speech task');

export const textToSpeechOperations: OperationTable = {
  'POST /api/text_to_speech/': created(ttsTaskResponse, paid),
  'GET /api/text_to_speech/': ok(z.array(ttsTaskResponse)),
  'GET /api/text_to_speech/paginated/': ok(pageOf(ttsTaskResponse)),
  'GET /api/text_to_speech/:id/': ok(ttsTaskResponse),
};
