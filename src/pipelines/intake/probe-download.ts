import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaUnusable } from '../../domain/media-check.js';
import type { DownloadedFile, MediaKind, UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine, MediaProbe } from '../../engines/ffmpeg/types.js';

export interface ProbeDownloadDeps {
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  /** Scratch root; each call works in its own folder under it, removed afterwards. */
  tempRoot: string;
}

export interface ProbedFile {
  file: DownloadedFile;
  probe: MediaProbe;
}

/**
 * Download → probe → judge, the create-time step of every client media value: the file is
 * downloaded into a scratch folder, probed, and handed to `judge` (which may keep it, or throw
 * `MediaUnusable`); the folder is removed whatever happens. A file the decoder cannot read is
 * `MediaUnusable`, named by `what` ("the file at this URL") in the client's message.
 */
export async function probeDownload<T>(
  deps: ProbeDownloadDeps,
  value: string,
  opts: { accept: MediaKind[]; signal?: AbortSignal; what: string; scratchPrefix: string },
  judge: (probed: ProbedFile) => Promise<T> | T,
): Promise<T> {
  // The scratch root may not exist yet on a fresh data folder (no job has run).
  await mkdir(deps.tempRoot, { recursive: true });
  const dir = await mkdtemp(join(deps.tempRoot, opts.scratchPrefix));
  try {
    const file = await deps.fetcher.download(value, join(dir, 'media'), { accept: opts.accept, signal: opts.signal });
    const probe = await deps.ffmpeg.probe(file.path, { signal: opts.signal }).catch(() => {
      throw new MediaUnusable(`${opts.what} (${file.contentType}) could not be decoded`);
    });
    return await judge({ file, probe });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
