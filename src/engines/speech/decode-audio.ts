import { decodeToWavArgs } from '../ffmpeg/args/audio-read.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';

/**
 * Any audio ffmpeg can read → 16-bit mono PCM WAV. Used for remote providers' MP3 and for users'
 * voice samples; a short capture run of the ffmpeg engine (no progress to report).
 */
export async function decodeToWav(
  ffmpeg: Pick<FfmpegEngine, 'capture'>,
  inPath: string,
  outWavPath: string,
  opts: { sampleRateHz?: number; maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<void> {
  await ffmpeg.capture(decodeToWavArgs(inPath, outWavPath, { sampleRateHz: opts.sampleRateHz, maxSeconds: opts.maxSeconds }), { signal: opts.signal });
}
