import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { LIPSYNC_JOB } from '../../domain/avatars/lipsync-service.js';
import { prices, videoModelOf, videoPrice } from '../../domain/credits/prices.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { Task } from '../../domain/tasks/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { AspectRatio } from '../../media/timeline.js';
import type { AvatarClipMaker } from '../../pipelines/video/render-ad-video.js';
import { talkingPlanFiles, type TalkingPlan } from '../../pipelines/video/talking-plan.js';
import { prepareTalkingPlan, renderTalkingVideo } from '../../pipelines/video/talking-video.js';
import { defineJob } from '../job-definition.js';
import { restorePlanFiles, savePlanFiles } from './plan-files.js';

export interface LipsyncJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  avatars: AvatarClipMaker;
  musicCacheDir: string;
}

/** AI Avatar v1: plan once (voice, background), then a preview and/or the full render. */
export function lipsyncJob(deps: LipsyncJobDeps) {
  return defineJob({
    name: LIPSYNC_JOB,
    payload: z.object({ step: z.enum(['direct', 'preview', 'render', 'repreview']) }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const planDir = join(workDir, 'plan');
      const prefix = `${task.accountId}/${task.id}`;
      let plan = task.result.plan as TalkingPlan | undefined;
      let base = 0;
      if (plan) {
        await restorePlanFiles(deps.blobs, talkingPlanFiles(plan), `${prefix}/plan`, planDir);
      } else {
        plan = await prepareTalkingPlan(requestFrom(task), deps, { planDir, workDir, signal, onProgress: (f) => reportProgress(f * 25) });
        await savePlanFiles(deps.blobs, talkingPlanFiles(plan), `${prefix}/plan`, planDir);
        base = 25;
      }
      const quality = payload.step === 'preview' || payload.step === 'repreview' ? 'preview' : 'render';
      const outputDir = join(workDir, quality);
      await mkdir(outputDir, { recursive: true });
      const out = await renderTalkingVideo(plan, { accountId: task.accountId, planDir, quality, outputDir }, deps, {
        workDir, signal, onProgress: (f) => reportProgress(base + f * (98 - base)),
      });
      const name = quality === 'preview' ? 'preview' : 'output';
      const videoKey = `${prefix}/${name}${extname(out.videoPath)}`;
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

function requestFrom(task: Task) {
  const i = task.input as Record<string, any>;
  return {
    accountId: task.accountId, aspectRatio: i.aspectRatio as AspectRatio, avatarId: i.avatarId, voiceId: i.voiceId ?? '',
    text: i.text ?? null, audioUrl: i.audioUrl ?? null, backgroundImageUrl: i.backgroundImageUrl ?? null,
    greenScreen: i.greenScreen === true, transparent: i.transparent === true, noCaption: i.noCaption === true, noMusic: i.noMusic === true,
    caption: i.caption ?? null, seed: i.seed,
  };
}
