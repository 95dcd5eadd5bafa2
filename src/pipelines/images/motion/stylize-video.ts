import { STYLE_FILTERS, stylizeArgs, type StyleFilter } from '../../../engines/ffmpeg/args/stylize.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { TaskFailure } from '../../../core/errors.js';

/** The looks `stylizeVideo` gives (see `styleFilterChain` for what each does). */
export const VIDEO_STYLES = STYLE_FILTERS;
export type VideoStyle = StyleFilter;

export interface StylizeVideoRequest {
  inputPath: string;
  style: VideoStyle;
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

/** A video given one of the looks, same size and length, its sound kept as it was. */
export async function stylizeVideo(req: StylizeVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  const probe = await ffmpeg.probe(req.inputPath, { signal: req.signal });
  if (!probe.video) throw new TaskFailure('the file to stylise has no video stream');
  await ffmpeg.run(
    stylizeArgs({
      input: req.inputPath,
      output: req.outputPath,
      style: req.style,
      widthPx: probe.video.width,
      heightPx: probe.video.height,
      hasAudio: probe.audio !== undefined,
    }),
    { signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: probe.durationSeconds },
  );
  req.onProgress?.(1);
}
