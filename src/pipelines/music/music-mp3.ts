import { join } from 'node:path';
import { findMusicTrack } from '../../domain/catalog/music.js';
import type { BlobProducer } from '../../engines/blobs/lazy-blobs.js';
import { MP3_PRESETS, mp3EncodeArgs, type FfmpegEngine } from '../../engines/ffmpeg/index.js';
import { renderTrackWav } from './render-track.js';

/** Where a library track's MP3 is kept: `music/<track id>.mp3` (made on first request). */
export const MUSIC_MP3_PREFIX = 'music/';

/**
 * Library tracks as MP3s for LazyBlobs: the track synthesised to WAV (`renderWav`), then encoded
 * with the music preset; null for a key that names no track.
 */
export function musicMp3s(ffmpeg: FfmpegEngine, renderWav: (trackId: string, outPath: string) => Promise<unknown> = renderTrackWav): BlobProducer {
  return async (key, workDir) => {
    const track = findMusicTrack(key.slice(MUSIC_MP3_PREFIX.length).replace(/\.mp3$/, ''));
    if (!key.startsWith(MUSIC_MP3_PREFIX) || !track) return null;
    const wav = join(workDir, 'track.wav');
    const mp3 = join(workDir, 'track.mp3');
    await renderWav(track.id, wav);
    await ffmpeg.run(mp3EncodeArgs({ input: wav, output: mp3, preset: MP3_PRESETS.music }), { expectedDurationSeconds: track.durationSeconds });
    return mp3;
  };
}
