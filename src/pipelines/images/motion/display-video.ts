import { displayVideoArgs } from '../../../engines/ffmpeg/args/display-video.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { StagedLayerFiles } from '../staging/staged-scene.js';
import type { DisplayVideoRequest } from './motion-kinds.js';
import { planDisplayShots } from './plan-display-shots.js';

/** ffmpeg's frame rate for display videos unless asked otherwise. */
export const DEFAULT_DISPLAY_FPS = 25;

function layerInputs(layers: StagedLayerFiles) {
  return {
    widthPx: layers.width,
    heightPx: layers.height,
    backgroundPng: layers.backgroundPng,
    shadowPng: layers.shadowPng,
    product: layers.product,
    extras: [layers.showcase, layers.presenter].filter((l): l is NonNullable<typeof l> => l !== undefined),
    compositePng: layers.compositePng,
  };
}

/**
 * Product display shots from a staged scene's layers, in one ffmpeg run: the asked motions in
 * order, cut with short crossfades, optional music bed, `durationSeconds` exactly, at the
 * layers' size.
 */
export async function renderDisplayVideo(req: DisplayVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  const fps = req.fps ?? DEFAULT_DISPLAY_FPS;
  const plan = planDisplayShots(req.motions, req.durationSeconds, fps, req.seed);
  const args = displayVideoArgs({
    layers: layerInputs(req.layers),
    shots: plan.shots,
    fps,
    crossfadeSeconds: plan.crossfadeSeconds,
    durationSeconds: req.durationSeconds,
    audioPath: req.audioPath,
    outputPath: req.outputPath,
  });
  await ffmpeg.run(args, { signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: req.durationSeconds });
  req.onProgress?.(1);
}
