import { z } from 'zod';
import { lipsyncBody } from '../lipsyncs.js';
import { lipsyncV2Body, lipsyncV2Scene } from '../lipsyncs-v2.js';
import { echoOf, fileUrl, mediaJob, taskEnvelopeShape, videoFilesShape } from './task.js';
import { created, ok, paid, readOperations, type OperationTable } from './operations.js';

/** `api/wire/lipsync-v2.ts`. */
export const lipsyncV2TaskResponse = z
  .strictObject({
    ...echoOf(lipsyncV2Body),
    ...taskEnvelopeShape,
    aspect_ratio: z.string(),
    video_inputs: z.array(lipsyncV2Scene).describe('The scenes as requested (as parsed)'),
    name: z.string().nullable(),
    model_version: z.string(),
    output: fileUrl,
    preview: fileUrl,
    video_thumbnail: fileUrl,
    media_job: mediaJob,
    editor_url: z.null(),
  })
  .describe('An AI Avatar v2 (multi-scene) task');

/** `api/wire/lipsync.ts` for a v1 task. */
export const lipsyncV1TaskResponse = z
  .strictObject({
    ...echoOf(lipsyncBody),
    ...taskEnvelopeShape,
    aspect_ratio: z.string(),
    creator: z.string().nullable().describe('The avatar id'),
    ...videoFilesShape,
    audio_url: fileUrl.describe('The voice track'),
    media_job: mediaJob,
    editor_url: z.null(),
  })
  .describe('An AI Avatar v1 task');

/** GET /api/lipsyncs/{id}/ and the shared preview follow-up answer either version. */
export const lipsyncTaskResponse = z.union([lipsyncV1TaskResponse, lipsyncV2TaskResponse]).describe('An AI Avatar task, v1 or v2');

/** AI Avatar v1 and v2. */
export const lipsyncOperations: OperationTable = {
  'POST /api/lipsyncs/': created(lipsyncV1TaskResponse, paid),
  'POST /api/lipsyncs/preview/': created(lipsyncV1TaskResponse, paid),
  'POST /api/lipsyncs/:id/preview/': ok(lipsyncTaskResponse, paid),
  'POST /api/lipsyncs_v2/:id/preview/': ok(lipsyncTaskResponse, paid),
  'POST /api/lipsyncs/:id/render/': ok(lipsyncTaskResponse, paid),
  'GET /api/lipsyncs/': ok(z.array(lipsyncV1TaskResponse)),
  'GET /api/lipsyncs/:id/': ok(lipsyncTaskResponse),

  'POST /api/lipsyncs_v2/': created(lipsyncV2TaskResponse, paid),
  'POST /api/lipsyncs_v2/preview/': created(lipsyncV2TaskResponse, paid),
  'POST /api/lipsyncs_v2/:id/render/': ok(lipsyncV2TaskResponse, paid),
  ...readOperations('/api/lipsyncs_v2/', lipsyncV2TaskResponse),
};
