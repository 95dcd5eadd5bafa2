import { join } from 'node:path';
import { findMusicTrack } from '../domain/catalog/music.js';
import { MP3_PRESETS, mp3EncodeArgs, type FfmpegEngine } from '../engines/ffmpeg/index.js';
import { renderTrackWav } from '../pipelines/music/render-track.js';

/** A library track as MP3, synthesised on first request (see LazyBlobs). */
export async function renderMusicMp3(ffmpeg: FfmpegEngine, trackId: string, workDir: string): Promise<string | null> {
  const track = findMusicTrack(trackId);
  if (!track) return null;
  const wav = join(workDir, 'track.wav');
  const mp3 = join(workDir, 'track.mp3');
  await renderTrackWav(track.id, wav);
  await ffmpeg.run(mp3EncodeArgs({ input: wav, output: mp3, preset: MP3_PRESETS.music }), { expectedDurationSeconds: track.durationSeconds });
  return mp3;
}
