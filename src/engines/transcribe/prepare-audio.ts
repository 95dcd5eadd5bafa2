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
