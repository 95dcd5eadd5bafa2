import { z } from 'zod';

/**
 * The shared part of the kinds whose video is planned once and drawn per step (AI Avatar v1 and
 * v2, AI Shorts, AI Editing; `jobs/handlers/planned-video-job.ts`): what each step writes and
 * where. Each kind adds the parts of its plan that others read.
 */

/** A preview (`preview`, `repreview`) or the full render (`direct`, `render`). */
export type PlannedVideoCut = 'preview' | 'output';
/** MP4, or WebM with alpha for a transparent background (AI Avatar v1). */
export type PlannedVideoFormat = 'mp4' | 'webm';

/** The plan's folder, then the step's video and thumbnail at the task's root (`preview.mp4`, `output.jpg`). */
export const plannedVideoFiles = {
  plan: 'plan',
  video: (cut: PlannedVideoCut, format: PlannedVideoFormat) => `${cut}.${format}`,
  thumbnail: (cut: PlannedVideoCut) => `${cut}.jpg`,
};

/** The result fields every step writes; a preview sets `previewKey`, a render `outputKey`, both the thumbnail. */
export const plannedVideoOutputs = {
  previewKey: z.string().nullish(),
  outputKey: z.string().nullish(),
  thumbnailKey: z.string().nullish(),
  durationSeconds: z.number().optional(),
};
