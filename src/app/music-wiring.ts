import { join } from 'node:path';
import { findMusicTrack } from '../domain/catalog/music.js';
import { runFfmpeg } from '../engines/ffmpeg/index.js';
import { renderTrackWav } from '../pipelines/music/render-track.js';

/** A library track as MP3, synthesised on first request (see LazyBlobs). */
export async function renderMusicMp3(trackId: string, workDir: string): Promise<string | null> {
  const track = findMusicTrack(trackId);
  if (!track) return null;
  const wav = join(workDir, 'track.wav');
  const mp3 = join(workDir, 'track.mp3');
  await renderTrackWav(track.id, wav);
  await runFfmpeg(['-i', wav, '-c:a', 'libmp3lame', '-b:a', '192k', mp3], { expectedDurationSeconds: track.durationSeconds });
  return mp3;
}
