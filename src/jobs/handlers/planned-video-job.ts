import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import type { Task } from '../../core/task.js';
import type { StageMarks } from '../../core/stages.js';
import { inStage } from '../../core/stages.js';
import { upgradeSavedTimings } from '../../core/timing.js';
import type { VideoStep } from '../../domain/credits/prices.js';
import type { TaskKind } from '../../domain/tasks/task-kind.js';
import type { PlannedVideoFormat, plannedVideoFiles } from '../../domain/videos/planned-video-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { RenderQuality } from '../../media/timeline.js';
import { defineJob } from '../job-definition.js';
import { planFileKeys, restorePlanFiles, savePlanFiles } from './plan-files.js';

/** What the job writes into the task's result after a step. */
export interface PlannedVideoWritten<Plan> {
  plan: Plan;
  durationSeconds: number;
  thumbnailKey: string;
  previewKey?: string;
  outputKey?: string;
}

/**
 * What the job needs of a planned-video kind: its job name, the shared files (`plannedVideoFiles`)
 * and a result patch that takes what the job writes (the plan readable as the kind's view of it).
 */
export interface PlannedVideoKind<Plan> {
  jobs: { make: string };
  files: typeof plannedVideoFiles;
  fileKey: TaskKind<Record<string, unknown>, Record<string, unknown>, { make: string }, VideoStep, unknown, typeof plannedVideoFiles>['fileKey'];
  // A property, not a method: checked contravariantly, so the kind's patch must accept each written field's type.
  resultPatch: (patch: PlannedVideoWritten<Plan>) => Record<string, unknown>;
  /** The result so far, never throwing: the plan saved with the task is read from it. */
  shownResultOf(task: Pick<Task, 'result'>): { plan?: unknown };
}

/** A kind that prices each step on the drawn video's length (AI Avatar v1 and v2, AI Shorts): the job prices it alone. */
export interface PricedOnLength<I> {
  inputOf(task: Task): I;
  price(step: VideoStep, input: I, measured: { durationSeconds: number }): number;
}

/** The step's charge (by the kind's price rule, the one its service held with), for a kind priced on something else. */
export type StepPrice = (task: Task, step: VideoStep, durationSeconds: number) => number;

type PatchOf<K> = K extends { resultPatch(patch: infer P): unknown } ? P : never;
/** A kind whose result schema leaves out a field the job writes is refused at compile time, with the field named. */
type DeclaresWritten<K> = [Exclude<keyof PlannedVideoWritten<unknown>, keyof PatchOf<K>>] extends [never]
  ? unknown
  : { resultSchemaLacks: Exclude<keyof PlannedVideoWritten<unknown>, keyof PatchOf<K>> };

/** What a planned-video kind (AI Avatar v1, v2, AI Shorts, AI Editing) adds to the shared job: how to plan and how to draw. */
export interface PlannedVideoSteps<Plan> {
  /** Share of progress (0–100) the planning takes when the task has no plan yet. */
  planProgressShare: number;
  planFiles(plan: Plan): string[];
  /** Whether the plan saved with the task reads as one (the pipeline's guard); one that does not is planned again. */
  isPlan(plan: unknown): plan is Plan;
  prepare(
    task: Task,
    opts: { planDir: string; workDir: string; signal: AbortSignal; onProgress: (fraction: number) => void; stages?: StageMarks },
  ): Promise<Plan>;
  render(
    plan: Plan,
    req: { accountId: string; planDir: string; quality: RenderQuality; outputDir: string },
    opts: { workDir: string; signal: AbortSignal; onProgress: (fraction: number) => void; stages?: StageMarks },
  ): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }>;
}

/**
 * Plan once (saved with the task and its files in blob storage), then draw what the step asks
 * for from the plan: a preview (`preview`, `repreview`) or the full render (`direct`, `render`),
 * priced per the contract and the task's `model_version`. Files and result go through the kind.
 * A kind priced on the video's length is priced by the job; any other names its `price`.
 */
export function plannedVideoJob<Plan, I, K extends PlannedVideoKind<Plan> & PricedOnLength<I>>(
  kind: K & DeclaresWritten<K>,
  blobs: BlobStore,
  steps: PlannedVideoSteps<Plan>,
): ReturnType<typeof plannedVideoJobPricedBy<Plan>>;
export function plannedVideoJob<Plan, K extends PlannedVideoKind<Plan>>(
  kind: K & DeclaresWritten<K>,
  blobs: BlobStore,
  steps: PlannedVideoSteps<Plan> & { price: StepPrice },
): ReturnType<typeof plannedVideoJobPricedBy<Plan>>;
export function plannedVideoJob<Plan>(
  kind: PlannedVideoKind<Plan> & Partial<PricedOnLength<unknown>>,
  blobs: BlobStore,
  steps: PlannedVideoSteps<Plan> & { price?: StepPrice },
) {
  // The overloads let a step price be left out only for a kind priced on length.
  const onLength: StepPrice = (task, step, durationSeconds) => kind.price!(step, kind.inputOf!(task), { durationSeconds });
  return plannedVideoJobPricedBy(kind, blobs, steps, steps.price ?? onLength);
}

function plannedVideoJobPricedBy<Plan>(kind: PlannedVideoKind<Plan>, blobs: BlobStore, steps: PlannedVideoSteps<Plan>, price: StepPrice) {
  return defineJob({
    name: kind.jobs.make,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress, stages }) {
      const planDir = join(workDir, 'plan');
      const planKey = planFileKeys(kind, task);
      // Plans saved before the timing rename carry {start, end}.
      const saved = kind.shownResultOf({ result: upgradeSavedTimings(task.result) }).plan;
      let plan = steps.isPlan(saved) ? saved : undefined;
      let base = 0;
      if (plan) {
        const files = steps.planFiles(plan);
        await inStage({ stages }, 'restore plan', () => restorePlanFiles(blobs, files, planKey, planDir));
      } else {
        base = steps.planProgressShare;
        plan = await inStage({ stages }, 'plan', () =>
          steps.prepare(task, { planDir, workDir, signal, onProgress: (f) => reportProgress(f * base), ...(stages ? { stages } : {}) }),
        );
        await savePlanFiles(blobs, steps.planFiles(plan), planKey, planDir);
      }
      const quality: RenderQuality = payload.step === 'preview' || payload.step === 'repreview' ? 'preview' : 'render';
      const outputDir = join(workDir, quality);
      await mkdir(outputDir, { recursive: true });
      const drawn = plan;
      const out = await inStage({ stages }, 'render', () =>
        steps.render(
          drawn,
          { accountId: task.accountId, planDir, quality, outputDir },
          {
            workDir,
            signal,
            onProgress: (f) => reportProgress(base + f * (98 - base)),
            ...(stages ? { stages } : {}),
          },
        ),
      );
      const cut = quality === 'preview' ? 'preview' : 'output';
      const videoKey = kind.fileKey(task, 'video', cut, formatOf(out.videoPath));
      const thumbnailKey = kind.fileKey(task, 'thumbnail', cut);
      await blobs.putFile(videoKey, out.videoPath);
      await blobs.putFile(thumbnailKey, out.thumbnailPath);
      const durationSeconds = Math.round(out.durationSeconds * 100) / 100;
      return {
        result: kind.resultPatch({ plan, durationSeconds, thumbnailKey, ...(cut === 'preview' ? { previewKey: videoKey } : { outputKey: videoKey }) }),
        costMillicredits: price(task, payload.step, durationSeconds),
      };
    },
  });
}

function formatOf(videoPath: string): PlannedVideoFormat {
  const ext = extname(videoPath);
  if (ext === '.mp4') return 'mp4';
  if (ext === '.webm') return 'webm';
  throw new Error(`a planned video is drawn as MP4 or WebM, not ${videoPath}`);
}
