import { FetchRefused } from '../core/errors.js';
import type { CheckedMedia, MediaAccept, MediaUrlChecker } from './media-check.js';
import { describeMediaType } from '../core/media-words.js';

/** What a URL turns out to be, or the refusal (`FetchRefused`, `MediaUnusable`, any error) its check fails with. */
export type FakeMedia = CheckedMedia | Error;

const KIND_NOUNS: Record<MediaAccept, string> = { image: 'an image', audio: 'an audio file', video: 'a video' };

/**
 * In-memory `MediaUrlChecker` for unit tests: URL → what it is. Like the real one (fetcher +
 * probe), a URL of another kind than asked for is refused with the fetcher's words, and an
 * unknown URL answers 404; no file is fetched or decoded.
 */
export class FakeMediaUrlChecker implements MediaUrlChecker {
  readonly checks: { url: string; accept: MediaAccept[] }[] = [];
  private readonly media: Map<string, FakeMedia>;

  constructor(media: Record<string, FakeMedia> = {}) {
    this.media = new Map(Object.entries(media));
  }

  set(url: string, media: FakeMedia): this {
    this.media.set(url, media);
    return this;
  }

  async check(url: string, accept: MediaAccept[]): Promise<CheckedMedia> {
    this.checks.push({ url, accept: [...accept] });
    const found = this.media.get(url);
    if (!found) throw new FetchRefused('Server answered 404 Not Found');
    if (found instanceof Error) throw found;
    const kind = found.contentType.split('/')[0] as MediaAccept;
    if (!accept.includes(kind))
      throw new FetchRefused(`Expected ${accept.map((k) => KIND_NOUNS[k]).join(' or ')} but the file is ${describeMediaType(found.contentType)}`);
    return { ...found };
  }
}

/** Shorthands for the usual media. */
export const fakeMedia = {
  image: (contentType = 'image/png'): CheckedMedia => ({ contentType, durationSeconds: null, hasAudio: false }),
  audio: (durationSeconds: number, contentType = 'audio/mpeg'): CheckedMedia => ({ contentType, durationSeconds, hasAudio: true }),
  video: (durationSeconds: number, hasAudio = true, contentType = 'video/mp4'): CheckedMedia => ({ contentType, durationSeconds, hasAudio }),
};
