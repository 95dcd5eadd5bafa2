import { z } from 'zod';

export const taskStatus = z.enum(['pending', 'processing', 'done', 'failed']);
export const isoTime = z.string().describe('ISO 8601, UTC');
/** A signed, expiring file URL of the service (null until the file exists). */
export const fileUrl = z.string().nullable();

/** A video task's files (`api/wire/video-files.ts`): the render, again as `video_output`, the preview and the thumbnail. */
export const videoFilesShape = {
  output: fileUrl,
  video_output: fileUrl.describe('= output'),
  preview: fileUrl,
  video_thumbnail: fileUrl,
};

/** A task's retention (`api/wire/retention.ts`): when its files go, and whether they have. */
export const retentionShape = {
  expires_at: z.string().nullable(),
  output_expired: z.boolean(),
};

/** The render that produced the task's output (`domain/tasks/media-job.ts`); null until one has. */
export const mediaJob = z.string().nullable().describe('The id of the render that produced output; null until one has');

/** One stage of a job run (`core/stages.ts`, `api/wire/task.ts`). */
const stage = z.strictObject({
  name: z.string().describe('fetch, write, speak, presenter, cut-out, compose, encode, upload … ; `run` is the whole job'),
  started_ms: z.number().describe('When the stage first began, ms after the job started'),
  count: z.number().describe('How many times it ran (times below are summed; runs at once count once)'),
  wall_ms: z.number(),
  cpu_ms: z.number().describe("CPU time of the service's process meanwhile (other jobs running at once included)"),
  child_cpu_ms: z.number().nullable().describe('CPU time of child processes meanwhile (ffmpeg, speech and cut-out engines); null where the system cannot tell'),
});

/** The envelope every task shape starts with (`api/wire/task.ts`). */
export const taskEnvelopeShape = {
  id: z.string(),
  status: taskStatus,
  progress: z.number().describe('0–100'),
  failed_reason: z.string().nullable(),
  credits_used: z.number().describe('0 until the charge is settled at done'),
  duration: z.number().nullable().describe('Seconds of the produced media'),
  webhook_url: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  stages: z
    .array(stage)
    .nullable()
    .describe(
      "Extension: the stages of the task's latest job run, one entry a stage in the order they first began, with wall and CPU time; null until one has finished (stages may overlap)",
    ),
};

/**
 * The request fields a task echoes (its create body's own fields, as parsed). Optional: only the
 * fields the request carried come back.
 */
export function echoOf(body: z.ZodObject): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(body.shape).map(([k, v]) => [k, (v as z.ZodType).optional()]));
}
