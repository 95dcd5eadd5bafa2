import { z } from 'zod';
import type { Task } from '../../core/task.js';
import type { VideoStep } from '../credits/prices.js';
import type { FollowUp } from '../tasks/task-service.js';

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

/** What the services' helpers below read of a planned-video kind. */
interface PlannedVideoKindParts {
  jobs: { make: string };
  shownResultOf(task: Pick<Task, 'result'>): { plan?: unknown };
  resultPatch(patch: { previewKey: null; outputKey: null; thumbnailKey: null }): Record<string, unknown>;
}

/** What a planned video's create sets beside its input: the step its job runs first (a direct render or a preview), and no video yet. */
export function plannedVideoStart(kind: Pick<PlannedVideoKindParts, 'resultPatch'>, mode: 'direct' | 'preview') {
  return {
    result: kind.resultPatch({ previewKey: null, outputKey: null, thumbnailKey: null }),
    job: 'make' as const,
    step: mode,
    jobPayload: { step: mode },
  };
}

/** A later step of a planned video (a new preview, the render): the kind's job again, once the plan is saved; `reset` clears what the step redraws. */
export function plannedVideoFollowUp(
  kind: Pick<PlannedVideoKindParts, 'jobs' | 'shownResultOf'>,
  step: VideoStep,
  holdMillicredits: number,
  reset: { previewKey?: null; outputKey?: null },
): FollowUp {
  return {
    step,
    holdMillicredits,
    jobName: kind.jobs.make,
    resultReset: reset,
    ready: (t) => Boolean(kind.shownResultOf(t).plan),
  };
}
