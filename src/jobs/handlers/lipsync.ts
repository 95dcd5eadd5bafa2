import { lipsyncKind } from '../../domain/avatars/lipsync-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { AvatarClipMaker } from '../../pipelines/avatar/clips/avatar-clip-maker.js';
import { isTalkingPlan, talkingPlanFiles } from '../../pipelines/video/talking-plan.js';
import { prepareTalkingPlan, renderTalkingVideo } from '../../pipelines/video/talking-video.js';
import { plannedVideoJob } from './planned-video-job.js';

export interface LipsyncJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  avatars: AvatarClipMaker;
  /** Finds the product in a picture (v2 end cards); absent: pictures are taken whole. */
  cutout?: CutoutEngine | null;
  musicCacheDir: string;
}

/** AI Avatar v1: plan once (voice, background), then a preview and/or the full render. */
export function lipsyncJob(deps: LipsyncJobDeps) {
  return plannedVideoJob(lipsyncKind, deps.blobs, {
    planProgressShare: 25,
    planFiles: talkingPlanFiles,
    isPlan: isTalkingPlan,
    prepare: (task, opts) => prepareTalkingPlan({ ...lipsyncKind.inputOf(task), accountId: task.accountId }, deps, opts),
    render: (plan, req, opts) => renderTalkingVideo(plan, req, deps, opts),
  });
}
