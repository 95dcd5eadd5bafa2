import { join } from 'node:path';
import { findMusicTrack } from '../../domain/catalog/music.js';
import { tracksForIndustry } from '../../domain/catalog/music-for-industry.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { ensureTrackFile } from './render-track.js';

/** Whether a background-music URL names a track of the built-in library (no fetch needed). */
export const isLibraryMusicUrl = (url: string): boolean => libraryTrackIdFromUrl(url) !== null;

/** A library track's URL (`…/files/music/<id>.mp3`, signed or not, any host) names the track. */
export function libraryTrackIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\/files\/music\/([0-9a-f-]{36})\.mp3$/i.exec(path);
  return match && findMusicTrack(match[1]!.toLowerCase()) ? match[1]!.toLowerCase() : null;
}

/**
 * A library track chosen for the video when the request names none: the same input, the same
 * track; one of the categories that suit the product's industry when it is known.
 */
export function defaultTrackId(seed: number, industry?: string | null): string {
  const tracks = tracksForIndustry(industry);
  return tracks[Math.abs(Math.trunc(seed)) % tracks.length]!.id;
}

/**
 * The music file for a video: a library track (rendered once into the cache), or the user's own
 * audio fetched through the fetcher (which refuses private addresses and non-audio).
 */
export async function resolveBackgroundMusic(
  req: { url: string | null; seed: number; industry?: string | null },
  deps: { fetcher: UrlFetcher; musicCacheDir: string },
  opts: { workDir: string; signal?: AbortSignal },
): Promise<string> {
  const trackId = req.url ? libraryTrackIdFromUrl(req.url) : defaultTrackId(req.seed, req.industry);
  if (trackId) return ensureTrackFile(trackId, deps.musicCacheDir);
  const file = await deps.fetcher.download(req.url!, join(opts.workDir, 'music-source'), { accept: ['audio', 'video'], signal: opts.signal });
  return file.path;
}
