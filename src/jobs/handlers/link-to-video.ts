import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { videoModelOf, videoStepPrice } from '../../domain/credits/prices.js';
import type { LinkFacts } from '../../domain/links/link-facts.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { Task } from '../../core/task.js';
import { LINK_VIDEO_JOB } from '../../domain/videos/link-video-service.js';
import type { StoredPreview } from '../../domain/videos/stored-preview.js';
import { uuidV5 } from '../../core/ids.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { AspectRatio } from '../../media/timeline.js';
import type { AdPlan } from '../../pipelines/video/ad-plan.js';
import { planFiles } from '../../pipelines/video/ad-plan.js';
import type { ScriptWriter } from '../../pipelines/video/ad-script.js';
import { prepareAdPlan, type AdVideoRequest } from '../../pipelines/video/prepare-ad-plan.js';
import { renderAdVideo, type AvatarClipMaker } from '../../pipelines/video/render-ad-video.js';
import { taskFileKey } from '../../domain/tasks/task-files.js';
import { defineJob } from '../job-definition.js';
import { restorePlanFiles, savePlanFiles } from './plan-files.js';

export interface LinkVideoJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  writeScript: ScriptWriter;
  avatars: AvatarClipMaker | null;
  musicCacheDir: string;
}

const MEDIA_JOB_NAMESPACE = '6f1c2a3e-58d4-4f7b-9a53-0c1e9d5b7a21';

/** Direct create (plan + render), preview(s) (plan + one preview per style), or render of a preview. */
export function linkToVideoJob(deps: LinkVideoJobDeps) {
  return defineJob({
    name: LINK_VIDEO_JOB,
    payload: z.object({ step: z.enum(['direct', 'preview', 'preview_list', 'render']), mediaJob: z.string().nullish() }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const planDir = join(workDir, 'plan');
      if (payload.step === 'render') {
        const plan = task.result.plan as AdPlan;
        await restorePlanFiles(deps.blobs, planFiles(plan), task, planDir);
        const previews = (task.result.previews ?? []) as StoredPreview[];
        const chosen = previews.find((p) => p.mediaJob === payload.mediaJob) ?? previews[0]!;
        const out = await renderOne(deps, task, plan, planDir, chosen.style, 'render', workDir, signal, (f) => reportProgress(f * 97));
        const [outputKey, thumbnailKey] = [taskFileKey(task, 'output.mp4'), taskFileKey(task, 'output.jpg')];
        await deps.blobs.putFile(outputKey, out.videoPath);
        await deps.blobs.putFile(thumbnailKey, out.thumbnailPath);
        return { result: { outputKey, thumbnailKey, durationSeconds: out.durationSeconds, renderedMediaJob: chosen.mediaJob }, costMillicredits: videoStepPrice('render', out.durationSeconds, videoModelOf(task.input)) };
      }

      const plan = await prepareAdPlan(requestFrom(task), deps, { planDir, workDir, signal, onProgress: (f) => reportProgress(f * 30) });
      await savePlanFiles(deps.blobs, planFiles(plan), task, planDir);
      const styles = task.input.styles as string[];

      if (payload.step === 'direct') {
        const out = await renderOne(deps, task, plan, planDir, styles[0]!, 'render', workDir, signal, (f) => reportProgress(30 + f * 68));
        const [outputKey, thumbnailKey] = [taskFileKey(task, 'output.mp4'), taskFileKey(task, 'output.jpg')];
        await deps.blobs.putFile(outputKey, out.videoPath);
        await deps.blobs.putFile(thumbnailKey, out.thumbnailPath);
        return { result: { plan, outputKey, thumbnailKey, durationSeconds: out.durationSeconds }, costMillicredits: videoStepPrice('direct', out.durationSeconds, videoModelOf(task.input)) };
      }

      const previews: StoredPreview[] = [];
      let durationSeconds = plan.durationSeconds;
      for (const [i, style] of styles.entries()) {
        const share = 68 / styles.length;
        const out = await renderOne(deps, task, plan, planDir, style, 'preview', workDir, signal, (f) => reportProgress(30 + share * (i + f)));
        const mediaJob = uuidV5(`${task.id}:${i}:${style}`, MEDIA_JOB_NAMESPACE);
        const stored = { mediaJob, style, key: taskFileKey(task, `preview-${i}.mp4`), thumbnailKey: taskFileKey(task, `preview-${i}.jpg`) };
        await deps.blobs.putFile(stored.key, out.videoPath);
        await deps.blobs.putFile(stored.thumbnailKey, out.thumbnailPath);
        previews.push(stored);
        durationSeconds = out.durationSeconds;
      }
      return {
        result: { plan, previews, previewKey: previews[0]!.key, thumbnailKey: previews[0]!.thumbnailKey, durationSeconds },
        costMillicredits: videoStepPrice('preview', durationSeconds, videoModelOf(task.input)) * styles.length,
      };
    },
  });
}

async function renderOne(
  deps: LinkVideoJobDeps, task: Task, plan: AdPlan, planDir: string, style: string, quality: 'preview' | 'render',
  workDir: string, signal: AbortSignal, onProgress: (f: number) => void,
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }> {
  const dir = join(workDir, `${quality}-${style}`);
  await mkdir(dir, { recursive: true });
  const videoPath = join(dir, 'video.mp4');
  const thumbnailPath = join(dir, 'thumbnail.jpg');
  const out = await renderAdVideo(plan, { accountId: task.accountId, planDir, style, quality, videoPath, thumbnailPath },
    { ffmpeg: deps.ffmpeg, avatars: deps.avatars }, { workDir: dir, signal, onProgress });
  return { videoPath, thumbnailPath, durationSeconds: Math.round(out.durationSeconds * 100) / 100 };
}

function requestFrom(task: Task): AdVideoRequest {
  const i = task.input as Record<string, any>;
  return {
    accountId: task.accountId,
    facts: i.facts as LinkFacts,
    scriptStyle: i.scriptStyle,
    overrideScript: i.overrideScript ?? null,
    targetAudience: i.targetAudience ?? null,
    targetPlatform: i.targetPlatform ?? null,
    language: i.language,
    videoLengthSeconds: i.videoLengthSeconds,
    aspectRatio: i.aspectRatio as AspectRatio,
    voiceId: i.voiceId,
    avatarId: i.avatarId ?? null,
    presenterImageUrl: i.presenterImageUrl ?? null,
    music: i.music,
    voiceoverVolume: i.voiceoverVolume ?? null,
    caption: i.caption,
    noCta: i.noCta === true,
    seed: i.seed,
  };
}
