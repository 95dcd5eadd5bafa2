import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { upgradeSavedTimings } from '../../core/timing.js';
import type { VideoStep } from '../../domain/credits/prices.js';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { taskFileKey } from '../../domain/tasks/task-files.js';
import type { RenderQuality } from '../../media/timeline.js';
import { defineJob } from '../job-definition.js';
import { restorePlanFiles, savePlanFiles } from './plan-files.js';

/** What a talking-avatar kind (AI Avatar v1, v2) adds to the shared job: how to plan and how to draw. */
export interface PlannedVideoSteps<Plan> {
  name: string;
  /** Share of progress (0–100) the planning takes when the task has no plan yet. */
  planProgressShare: number;
  planFiles(plan: Plan): string[];
  /** The plan saved with the task, or undefined when it has none (or one that does not read: it is planned again). */
  planOf(task: Task): Plan | undefined;
  /** The step's charge, by the kind's price rule (the one its service held with). */
  price(task: Task, step: VideoStep, durationSeconds: number): number;
  prepare(task: Task, opts: { planDir: string; workDir: string; signal: AbortSignal; onProgress: (fraction: number) => void }): Promise<Plan>;
  render(
    plan: Plan,
    req: { accountId: string; planDir: string; quality: RenderQuality; outputDir: string },
    opts: { workDir: string; signal: AbortSignal; onProgress: (fraction: number) => void },
  ): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }>;
}

/**
 * Plan once (saved with the task and its files in blob storage), then draw what the step asks
 * for from the plan: a preview (`preview`, `repreview`) or the full render (`direct`, `render`),
 * priced per the contract and the task's `model_version`.
 */
export function plannedVideoJob<Plan>(blobs: BlobStore, steps: PlannedVideoSteps<Plan>) {
  return defineJob({
    name: steps.name,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const planDir = join(workDir, 'plan');
      // Plans saved before the timing rename carry {start, end}.
      let plan = steps.planOf({ ...task, result: upgradeSavedTimings(task.result) });
      let base = 0;
      if (plan) {
        await restorePlanFiles(blobs, steps.planFiles(plan), task, planDir);
      } else {
        base = steps.planProgressShare;
        plan = await steps.prepare(task, { planDir, workDir, signal, onProgress: (f) => reportProgress(f * base) });
        await savePlanFiles(blobs, steps.planFiles(plan), task, planDir);
      }
      const quality: RenderQuality = payload.step === 'preview' || payload.step === 'repreview' ? 'preview' : 'render';
      const outputDir = join(workDir, quality);
      await mkdir(outputDir, { recursive: true });
      const out = await steps.render(
        plan,
        { accountId: task.accountId, planDir, quality, outputDir },
        {
          workDir,
          signal,
          onProgress: (f) => reportProgress(base + f * (98 - base)),
        },
      );
      const name = quality === 'preview' ? 'preview' : 'output';
      const videoKey = taskFileKey(task, `${name}${extname(out.videoPath)}`);
      const thumbnailKey = taskFileKey(task, `${name}.jpg`);
      await blobs.putFile(videoKey, out.videoPath);
      await blobs.putFile(thumbnailKey, out.thumbnailPath);
      const durationSeconds = Math.round(out.durationSeconds * 100) / 100;
      const cost = steps.price(task, payload.step, durationSeconds);
      return {
        result: { plan, durationSeconds, thumbnailKey, ...(quality === 'preview' ? { previewKey: videoKey } : { outputKey: videoKey }) },
        costMillicredits: cost,
      };
    },
  });
}
