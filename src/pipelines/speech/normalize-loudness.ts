import { LIMITER_CEILING_DBFS } from '../../core/loudness.js';
import { loudnessGainFilter } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';

/** Close enough: a second pass is worth it only beyond this. */
const TOLERANCE_LU = 0.5;

export interface NormalizeRequest {
  input: string;
  output: string;
  targetLufs: number;
  /** The encode, given the audio filter to apply (MP3 for speech files, WAV for a video's voice). */
  encodeArgs(audioFilter: string): string[];
  resampleToHz?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  expectedDurationSeconds?: number;
}

/**
 * Brings a voice to a loudness target: measure, one gain and a limiter, measure the result.
 * Where the limiter shaved loud peaks the result is a little quieter than aimed for, so the gain
 * is corrected once by what is missing (a second pass costs one encode of a short voice).
 * Returns the measured loudness of the output.
 */
export async function normalizeLoudness(ffmpeg: Pick<FfmpegEngine, 'run' | 'measureLoudness'>, req: NormalizeRequest): Promise<number> {
  const measured = (await ffmpeg.measureLoudness(req.input, { signal: req.signal })).integratedLufs;
  let aim = req.targetLufs;
  for (let pass = 0; ; pass++) {
    const filter = loudnessGainFilter({ measuredLufs: measured, targetLufs: aim, ceilingDbfs: LIMITER_CEILING_DBFS, resampleToHz: req.resampleToHz });
    await ffmpeg.run(req.encodeArgs(filter), { signal: req.signal, expectedDurationSeconds: req.expectedDurationSeconds, onProgress: pass === 0 ? req.onProgress : undefined });
    const result = (await ffmpeg.measureLoudness(req.output, { signal: req.signal })).integratedLufs;
    if (measured <= -60 || pass === 1 || Math.abs(result - req.targetLufs) <= TOLERANCE_LU) return result;
    aim += req.targetLufs - result;
  }
}
