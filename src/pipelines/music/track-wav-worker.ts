/**
 * The synthesis of a catalog track, as the CPU pool runs it on a worker thread: 1–3 s of
 * synchronous JavaScript per track that must not block the thread serving requests.
 */
import { findMusicTrack } from '../../domain/catalog/music.js';
import { NotFound } from '../../core/errors.js';
import { offThreadFunction } from '../../engines/cpu/off-thread.js';
import { renderTrackAudio } from './track-audio.js';
import { encodeWav16 } from './wav.js';

/** The track's 16-bit stereo WAV bytes (a fresh buffer, so it moves between threads uncopied). */
export function renderTrackWavBytes(trackId: string): { wav: Uint8Array; durationSeconds: number } {
  const track = findMusicTrack(trackId);
  if (!track) throw new NotFound('music track');
  const audio = renderTrackAudio(track);
  const wav = encodeWav16(audio);
  return { wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength), durationSeconds: audio.left.length / audio.sampleRateHz };
}

export const trackWavOffThread = offThreadFunction(new URL('./track-wav-worker.js', import.meta.url), 'renderTrackWavBytes', renderTrackWavBytes);
