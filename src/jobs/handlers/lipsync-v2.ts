import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AvatarVideoSpec } from '../../domain/avatars/avatar-video-spec.js';
import { LIPSYNC_V2_JOB_NAME } from '../../domain/avatars/lipsync-service.js';
import { prices, videoModelOf, videoPrice } from '../../domain/credits/prices.js';
import { prepareAvatarScenesPlan } from '../../pipelines/video/avatar-scenes/prepare-scene-plan.js';
import { renderAvatarScenes } from '../../pipelines/video/avatar-scenes/render-avatar-scenes.js';
import { avatarScenesPlanFiles, type AvatarScenesPlan } from '../../pipelines/video/avatar-scenes/scene-plan.js';
import { defineJob } from '../job-definition.js';
import type { LipsyncJobDeps } from './lipsync.js';
import { restorePlanFiles, savePlanFiles } from './plan-files.js';

/**
 * AI Avatar v2: plan once (every scene voiced, every picture fetched), save the plan with the
 * task, then draw a preview and/or the full render from it.
 */
export function lipsyncV2Job(deps: LipsyncJobDeps) {
  return defineJob({
    name: LIPSYNC_V2_JOB_NAME,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const planDir = join(workDir, 'plan');
      const prefix = `${task.accountId}/${task.id}`;
      let plan = task.result.plan as AvatarScenesPlan | undefined;
      let base = 0;
      if (plan) {
        await restorePlanFiles(deps.blobs, avatarScenesPlanFiles(plan), `${prefix}/plan`, planDir);
      } else {
        plan = await prepareAvatarScenesPlan(task.input.spec as AvatarVideoSpec, task.accountId, deps, {
          planDir, workDir, signal, onProgress: (f) => reportProgress(f * 30),
        });
        await savePlanFiles(deps.blobs, avatarScenesPlanFiles(plan), `${prefix}/plan`, planDir);
        base = 30;
      }
      const quality = payload.step === 'preview' || payload.step === 'repreview' ? 'preview' : 'render';
      const outputDir = join(workDir, quality);
      await mkdir(outputDir, { recursive: true });
      const out = await renderAvatarScenes(plan, { accountId: task.accountId, planDir, quality, outputDir }, deps, {
        workDir, signal, onProgress: (f) => reportProgress(base + f * (98 - base)),
      });
      const name = quality === 'preview' ? 'preview' : 'output';
      const videoKey = `${prefix}/${name}.mp4`;
      const thumbnailKey = `${prefix}/${name}.jpg`;
      await deps.blobs.putFile(videoKey, out.videoPath);
      await deps.blobs.putFile(thumbnailKey, out.thumbnailPath);
      const durationSeconds = Math.round(out.durationSeconds * 100) / 100;
      const model = videoModelOf(task.input);
      const cost = payload.step === 'direct' ? videoPrice('create', durationSeconds, model) : quality === 'preview' ? prices.preview(durationSeconds) : videoPrice('render', durationSeconds, model);
      return {
        result: { plan, durationSeconds, thumbnailKey, ...(quality === 'preview' ? { previewKey: videoKey } : { outputKey: videoKey }) },
        costMillicredits: cost,
      };
    },
  });
}
