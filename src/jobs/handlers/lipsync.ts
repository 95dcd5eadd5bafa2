import { LIPSYNC_JOB } from '../../domain/avatars/lipsync-service.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { Task } from '../../core/task.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { AspectRatio } from '../../media/timeline.js';
import type { AvatarClipMaker } from '../../pipelines/video/render-ad-video.js';
import { talkingPlanFiles, type TalkingPlan } from '../../pipelines/video/talking-plan.js';
import { prepareTalkingPlan, renderTalkingVideo } from '../../pipelines/video/talking-video.js';
import { plannedVideoJob } from './planned-video-job.js';

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
  return plannedVideoJob<TalkingPlan>(deps.blobs, {
    name: LIPSYNC_JOB,
    planProgressShare: 25,
    planFiles: talkingPlanFiles,
    prepare: (task, opts) => prepareTalkingPlan(requestFrom(task), deps, opts),
    render: (plan, req, opts) => renderTalkingVideo(plan, req, deps, opts),
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
