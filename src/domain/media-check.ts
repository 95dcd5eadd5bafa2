/** What a checked input URL turned out to be. */
export interface CheckedMedia {
  contentType: string;
  /** Seconds of audio or video; null for pictures. */
  durationSeconds: number | null;
}

/**
 * Checks a client's media URL before a task is created, so the contract's 400 on the field comes
 * at once: fetchable, allowed address, the right kind, decodable. Rejects with `FetchRefused`
 * (or `MediaUnusable`) carrying the reason.
 */
export interface MediaUrlChecker {
  check(url: string, accept: ('image' | 'audio' | 'video')[], signal?: AbortSignal): Promise<CheckedMedia>;
}

export class MediaUnusable extends Error {
  override readonly name = 'MediaUnusable';
}
