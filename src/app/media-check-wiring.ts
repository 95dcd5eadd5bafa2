import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaUnusable, type MediaUrlChecker } from '../domain/media-check.js';
import type { UrlFetcher } from '../engines/fetch/port.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';

/** Downloads into a scratch folder and probes the file; nothing is kept. */
export function createMediaUrlChecker(fetcher: UrlFetcher, ffmpeg: FfmpegEngine, tempRoot: string): MediaUrlChecker {
  return {
    async check(url, accept, signal) {
      // The scratch root may not exist yet on a fresh data folder (no job has run).
      await mkdir(tempRoot, { recursive: true });
      const dir = await mkdtemp(join(tempRoot, 'check-'));
      try {
        const file = await fetcher.download(url, join(dir, 'media'), { accept, signal });
        const probe = await ffmpeg.probe(file.path, { signal }).catch(() => {
          throw new MediaUnusable(`the file at this URL (${file.contentType}) could not be decoded`);
        });
        const isPicture = file.contentType.startsWith('image/');
        // The label and the first bytes agreed on a picture; the decoder has the last word.
        if (isPicture && (!probe.video || probe.audio)) throw new MediaUnusable(`the file at this URL is labelled ${file.contentType} but is not a picture`);
        if (!isPicture && !(probe.durationSeconds > 0)) throw new MediaUnusable('the file at this URL has no playable length');
        if (accept.includes('audio') && !accept.includes('video') && !probe.audio) throw new MediaUnusable('the file at this URL has no audio track');
        return { contentType: file.contentType, durationSeconds: isPicture ? null : probe.durationSeconds, hasAudio: Boolean(probe.audio) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
