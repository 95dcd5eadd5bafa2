/**
 * Entry points for the library: render a catalog track to a WAV file, or get a cached file,
 * rendering it once. The lead converts and serves these files.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findMusicTrack, type MusicTrack } from '../../domain/catalog/music.js';
import { NotFound } from '../../core/errors.js';
import { trackWavOffThread } from './track-wav-worker.js';

export { MUSIC_SAMPLE_RATE_HZ, trackSeed, composeCatalogTrack, renderTrackAudio } from './track-audio.js';
/**
 * Part of cached file names: raise it whenever the synthesiser's output changes, so stale
 * renders are never served under a track id.
 */
export const MUSIC_SYNTH_VERSION = 1;

function requireTrack(trackId: string): MusicTrack {
  const track = findMusicTrack(trackId);
  if (!track) throw new NotFound('music track');
  return track;
}

/** Writes to a temporary name and renames, so a reader never sees a half-written file. */
async function writeAtomically(outPath: string, bytes: Uint8Array): Promise<void> {
  const temporaryPath = `${outPath}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporaryPath, bytes);
    await rename(temporaryPath, outPath);
  } catch (error) {
    await rm(temporaryPath, { force: true });
    throw error;
  }
}

export async function renderTrackWav(trackId: string, outPath: string): Promise<{ durationSeconds: number }> {
  const track = requireTrack(trackId);
  // Synthesised on a worker thread: seconds of JavaScript that would otherwise stall every request.
  const { wav, durationSeconds } = await trackWavOffThread.run([track.id]);
  await writeAtomically(outPath, wav);
  return { durationSeconds };
}

export function cachedTrackPath(trackId: string, cacheDir: string): string {
  return join(cacheDir, `music-${trackId}-v${MUSIC_SYNTH_VERSION}.wav`);
}

/** Renders in flight in this process, so concurrent callers share one render. */
const pendingRenders = new Map<string, Promise<string>>();

async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The path of the track's WAV in `cacheDir`, rendering it first if needed. Other processes may
 * render the same track at the same time; each writes its own temporary file and the renames
 * replace identical bytes, so every caller gets a complete file.
 */
export async function ensureTrackFile(trackId: string, cacheDir: string): Promise<string> {
  requireTrack(trackId);
  const path = cachedTrackPath(trackId, cacheDir);
  const pending = pendingRenders.get(path);
  if (pending !== undefined) return pending;
  const render = (async () => {
    if (await fileExists(path)) return path;
    await mkdir(cacheDir, { recursive: true });
    await renderTrackWav(trackId, path);
    return path;
  })();
  pendingRenders.set(path, render);
  try {
    return await render;
  } finally {
    pendingRenders.delete(path);
  }
}
