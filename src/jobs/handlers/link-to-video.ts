import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { Task } from '../../core/task.js';
import { inStage, type StageMarks } from '../../core/stages.js';
import { upgradeSavedTimings } from '../../core/timing.js';
import { linkVideoKind } from '../../domain/videos/link-video-kind.js';
import { TaskFailure } from '../../core/errors.js';
import type { StoredPreview } from '../../domain/videos/stored-preview.js';
import { mediaJobId } from '../../domain/tasks/media-job.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import type { AdPlan } from '../../pipelines/video/ad-plan.js';
import { isAdPlan, planFiles } from '../../pipelines/video/ad-plan.js';
import type { ScriptWriter } from '../../pipelines/video/ad-script.js';
import { prepareAdPlan, type PrepareDeps } from '../../pipelines/video/prepare-ad-plan.js';
import { renderAdVideo } from '../../pipelines/video/render-ad-video.js';
import type { AvatarClipMaker } from '../../pipelines/avatar/clips/avatar-clip-maker.js';
import { defineJob } from '../job-definition.js';
import { planFileKeys, restorePlanFiles, savePlanFiles } from './plan-files.js';

export interface LinkVideoJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  writeScript: ScriptWriter;
  avatars: AvatarClipMaker | null;
  /** Finds the product in each photo for the layouts' product shots; absent: photos are taken whole. */
  cutout?: CutoutEngine | null;
  musicCacheDir: string;
  /** Stock b-roll libraries; null or absent: none (no key configured). */
  stockMedia?: PrepareDeps['stockMedia'];
}

/** Direct create (plan + render), preview(s) (plan + one preview per style), or render of a preview. */
export function linkToVideoJob(deps: LinkVideoJobDeps) {
  return defineJob({
    name: linkVideoKind.jobs.make,
    payload: z.object({ step: z.enum(['direct', 'preview', 'preview_list', 'render']), mediaJob: z.string().nullish() }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress, stages }) {
      const planDir = join(workDir, 'plan');
      const planKey = planFileKeys(linkVideoKind, task);
      const input = linkVideoKind.inputOf(task);
      const charge = (step: 'direct' | 'preview' | 'preview_list' | 'render', durationSeconds: number) => linkVideoKind.price(step, input, { durationSeconds });
      if (payload.step === 'render') {
        const saved = linkVideoKind.resultOf(task);
        // Plans saved before the timing rename carry {start, end}.
        const plan = upgradeSavedTimings(saved.plan);
        if (!isAdPlan(plan)) throw new TaskFailure('The plan of this video cannot be read; create the video again.');
        await inStage({ stages }, 'restore plan', () => restorePlanFiles(deps.blobs, planFiles(plan), planKey, planDir));
        const previews = saved.previews ?? [];
        if (previews.length === 0) throw new TaskFailure('This video has no preview to render; create the video again.');
        const chosen = previews.find((p) => p.mediaJob === payload.mediaJob) ?? previews[0]!;
        if (!chosen.style) throw new TaskFailure('The chosen preview cannot be read; create the video again.');
        const style = chosen.style;
        const out = await inStage({ stages }, 'render', () =>
          renderOne(deps, task, plan, planDir, style, 'render', workDir, signal, (f) => reportProgress(f * 97), stages),
        );
        const [outputKey, thumbnailKey] = [linkVideoKind.fileKey(task, 'output'), linkVideoKind.fileKey(task, 'outputThumbnail')];
        await deps.blobs.putFile(outputKey, out.videoPath);
        await deps.blobs.putFile(thumbnailKey, out.thumbnailPath);
        return {
          result: linkVideoKind.resultPatch({ outputKey, thumbnailKey, durationSeconds: out.durationSeconds, renderedMediaJob: chosen.mediaJob }),
          costMillicredits: charge('render', out.durationSeconds),
        };
      }

      const plan = await inStage({ stages }, 'plan', () =>
        prepareAdPlan({ ...input, accountId: task.accountId }, deps, { planDir, workDir, signal, onProgress: (f) => reportProgress(f * 30) }),
      );
      await savePlanFiles(deps.blobs, planFiles(plan), planKey, planDir);
      const styles = input.styles;

      if (payload.step === 'direct') {
        const out = await inStage({ stages }, 'render', () =>
          renderOne(deps, task, plan, planDir, styles[0]!, 'render', workDir, signal, (f) => reportProgress(30 + f * 68), stages),
        );
        const [outputKey, thumbnailKey] = [linkVideoKind.fileKey(task, 'output'), linkVideoKind.fileKey(task, 'outputThumbnail')];
        await deps.blobs.putFile(outputKey, out.videoPath);
        await deps.blobs.putFile(thumbnailKey, out.thumbnailPath);
        return {
          result: linkVideoKind.resultPatch({ plan, outputKey, thumbnailKey, durationSeconds: out.durationSeconds }),
          costMillicredits: charge('direct', out.durationSeconds),
        };
      }

      const previews: StoredPreview[] = [];
      let durationSeconds = plan.durationSeconds;
      for (const [i, style] of styles.entries()) {
        const share = 68 / styles.length;
        const out = await inStage({ stages }, 'render', () =>
          renderOne(deps, task, plan, planDir, style, 'preview', workDir, signal, (f) => reportProgress(30 + share * (i + f)), stages),
        );
        const mediaJob = mediaJobId(task.id, `${i}:${style}`);
        const stored = { mediaJob, style, key: linkVideoKind.fileKey(task, 'preview', i), thumbnailKey: linkVideoKind.fileKey(task, 'previewThumbnail', i) };
        await deps.blobs.putFile(stored.key, out.videoPath);
        await deps.blobs.putFile(stored.thumbnailKey, out.thumbnailPath);
        previews.push(stored);
        durationSeconds = out.durationSeconds;
      }
      return {
        result: linkVideoKind.resultPatch({ plan, previews, previewKey: previews[0]!.key, thumbnailKey: previews[0]!.thumbnailKey, durationSeconds }),
        costMillicredits: charge(payload.step, durationSeconds),
      };
    },
  });
}

async function renderOne(
  deps: LinkVideoJobDeps,
  task: Task,
  plan: AdPlan,
  planDir: string,
  style: string,
  quality: 'preview' | 'render',
  workDir: string,
  signal: AbortSignal,
  onProgress: (f: number) => void,
  stages?: StageMarks,
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }> {
  const dir = join(workDir, `${quality}-${style}`);
  await mkdir(dir, { recursive: true });
  const videoPath = join(dir, 'video.mp4');
  const thumbnailPath = join(dir, 'thumbnail.jpg');
  const out = await renderAdVideo(
    plan,
    { accountId: task.accountId, planDir, style, quality, videoPath, thumbnailPath },
    { ffmpeg: deps.ffmpeg, avatars: deps.avatars, cutout: deps.cutout ?? null },
    { workDir: dir, signal, onProgress, ...(stages ? { stages } : {}) },
  );
  return { videoPath, thumbnailPath, durationSeconds: Math.round(out.durationSeconds * 100) / 100 };
}
