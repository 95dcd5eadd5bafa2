import { runProcess } from './run-process.js';

/**
 * Any audio ffmpeg can read → 16-bit mono PCM WAV. Used for remote providers' MP3 and for users'
 * voice samples. (A private spawn: the shared ffmpeg engine is for long, progress-reporting jobs.)
 */
export async function decodeToWav(
  inPath: string,
  outWavPath: string,
  opts: { sampleRateHz?: number; maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<void> {
  await runProcess(
    'ffmpeg',
    [
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
      '-i', inPath,
      ...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []),
      '-vn', '-ac', '1',
      ...(opts.sampleRateHz ? ['-ar', String(opts.sampleRateHz)] : []),
      '-c:a', 'pcm_s16le', '-f', 'wav', outWavPath,
    ],
    { signal: opts.signal },
  );
}
