import { monoPcmArgs } from '../../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';

/** The rate the mouth analysis works at: speech formants and hiss both sit below 8 kHz. */
export const ANALYSIS_RATE_HZ = 16000;

/** Any audio (or a video's first audio stream) → mono float PCM through ffmpeg. */
export async function readMonoPcm(
  ffmpeg: Pick<FfmpegEngine, 'capture'>,
  path: string,
  opts: { sampleRateHz?: number; signal?: AbortSignal } = {},
): Promise<{ sampleRateHz: number; samples: Float32Array }> {
  const sampleRateHz = opts.sampleRateHz ?? ANALYSIS_RATE_HZ;
  const pcm = await ffmpeg.capture(monoPcmArgs(path, { sampleRateHz, dropVideo: true }), { signal: opts.signal });
  return { sampleRateHz, samples: s16leToFloat(pcm) };
}

/** Pure: little-endian 16-bit PCM → floats in [−1, 1). */
export function s16leToFloat(pcm: Buffer): Float32Array {
  const n = Math.floor(pcm.length / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}
