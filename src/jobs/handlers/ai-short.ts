import { aiShortKind } from '../../domain/shorts/ai-short-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { prepareShortPlan } from '../../pipelines/shorts/prepare-short-plan.js';
import { renderShort } from '../../pipelines/shorts/render-short.js';
import { isShortPlan, shortPlanFiles } from '../../pipelines/shorts/short-plan.js';
import { plannedVideoJob } from './planned-video-job.js';

export interface AiShortJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  speech: SpeechSynthesizer;
  ffmpeg: FfmpegEngine;
  images: Pick<ImageEngines, 'generator' | 'cutout'>;
  musicCacheDir: string;
}

/** AI Shorts: plan once (narration, scenes, pictures, music), then a preview and/or the full render. */
export function aiShortJob(deps: AiShortJobDeps) {
  return plannedVideoJob(aiShortKind, deps.blobs, {
    planProgressShare: 45,
    planFiles: shortPlanFiles,
    isPlan: isShortPlan,
    prepare: (task, opts) =>
      prepareShortPlan(
        { ...aiShortKind.inputOf(task), accountId: task.accountId },
        { ...deps, generator: deps.images.generator, cutout: deps.images.cutout },
        opts,
      ),
    render: (plan, req, opts) => renderShort(plan, req, deps, opts),
  });
}
