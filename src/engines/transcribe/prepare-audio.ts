import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeToWav } from '../speech/decode-audio.js';
import type { FfmpegEngine } from '../ffmpeg/types.js';
import { TranscriptionError } from './port.js';

/** Every recogniser here hears 16 kHz mono. */
export const RECOGNISER_SAMPLE_RATE_HZ = 16000;

/**
 * A client's audio or video → 16 kHz mono WAV of its first audio stream, and its length. A file
 * with no audio stream is a permanent failure: asking again cannot give it one.
 */
export async function prepareRecogniserAudio(
  ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>,
  mediaPath: string,
  wavPath: string,
  signal?: AbortSignal,
): Promise<{ durationSeconds: number }> {
  const probe = await ffmpeg.probe(mediaPath, { signal });
  if (!probe.audio) throw new TranscriptionError('The media has no audio track to transcribe.', true);
  await decodeToWav(ffmpeg, mediaPath, wavPath, { sampleRateHz: RECOGNISER_SAMPLE_RATE_HZ, signal });
  return { durationSeconds: probe.durationSeconds };
}

/**
 * `hear` run on the media as the recognisers' WAV (`prepareRecogniserAudio`), written in a scratch
 * folder of its own (`<scratchPrefix>…` in the system's temp folder) that is removed afterwards.
 */
export async function withRecogniserWav<T>(
  ffmpeg: Pick<FfmpegEngine, 'capture' | 'probe'>,
  req: { mediaPath: string; signal?: AbortSignal | undefined },
  scratchPrefix: string,
  hear: (wavPath: string, durationSeconds: number) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), scratchPrefix));
  try {
    const wav = join(dir, 'audio.wav');
    const { durationSeconds } = await prepareRecogniserAudio(ffmpeg, req.mediaPath, wav, req.signal);
    return await hear(wav, durationSeconds);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
