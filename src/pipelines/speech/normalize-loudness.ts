import { LIMITER_CEILING_DBFS, VIDEO_LOUDNESS_LUFS } from '../../core/loudness.js';
import { filteredWavArgs, loudnessGainFilter } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';

/** Close enough: another pass is worth it only beyond this. */
const TOLERANCE_LU = 0.5;
/** Peaky voices (espeak-ng) lose more to the limiter the more they are raised: a few passes converge. */
const MAX_PASSES = 4;

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
 * Where the limiter shaved loud peaks the result is quieter than aimed for, so the gain is
 * corrected by what is missing and the voice encoded again (an encode of a short voice is cheap).
 * Returns the measured loudness of the output.
 */
export async function normalizeLoudness(ffmpeg: Pick<FfmpegEngine, 'run' | 'measureLoudness'>, req: NormalizeRequest): Promise<number> {
  const measured = (await ffmpeg.measureLoudness(req.input, { signal: req.signal })).integratedLufs;
  let aim = req.targetLufs;
  for (let pass = 0; ; pass++) {
    const filter = loudnessGainFilter({ measuredLufs: measured, targetLufs: aim, ceilingDbfs: LIMITER_CEILING_DBFS, resampleToHz: req.resampleToHz });
    await ffmpeg.run(req.encodeArgs(filter), {
      signal: req.signal,
      expectedDurationSeconds: req.expectedDurationSeconds,
      onProgress: pass === 0 ? req.onProgress : undefined,
    });
    const result = (await ffmpeg.measureLoudness(req.output, { signal: req.signal })).integratedLufs;
    if (measured <= -60 || pass === MAX_PASSES - 1 || Math.abs(result - req.targetLufs) <= TOLERANCE_LU) return result;
    aim += req.targetLufs - result;
  }
}

/**
 * A client's recording as a video's voice (Aurora passes it through alone): at the video target,
 * as a WAV for the video's own AAC encode. Client recordings arrive at any level (−25 LUFS and
 * quieter were seen); a video published beside others must not be the quiet one.
 */
export async function voiceAtVideoLoudness(
  ffmpeg: Pick<FfmpegEngine, 'run' | 'measureLoudness'>,
  req: { input: string; output: string; signal?: AbortSignal },
): Promise<number> {
  return normalizeLoudness(ffmpeg, {
    input: req.input,
    output: req.output,
    targetLufs: VIDEO_LOUDNESS_LUFS,
    // Stereo: a mono recording plays on both speakers 3 dB louder than it measures, so a mono
    // voice "at −14" was heard at −11 (the previews' finding, src/media/audio-mix.ts).
    encodeArgs: (audioFilter) => filteredWavArgs(req.input, req.output, `aformat=channel_layouts=stereo,${audioFilter}`),
    signal: req.signal,
  });
}
