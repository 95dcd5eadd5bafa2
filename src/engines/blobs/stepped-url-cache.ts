/** Signed URLs kept per step; past this many keys the cache starts afresh. */
const MAX_CACHED_URLS = 10_000;

/**
 * The signed URLs of one time step, for both signers (the service's own and S3's): the time a URL
 * is signed for is rounded down to a step (a tenth of its lifetime, at most a minute), so every
 * poll of a task within one step gets the same URL, computed once (an HMAC was a tenth of a polled
 * GET's CPU), and clients and caches see stable URLs. A URL still lives at least
 * `ttlSeconds - stepSeconds`.
 */
export class SteppedUrlCache {
  private readonly stepSeconds: number;
  private step = -1;
  private readonly urls = new Map<string, string>();

  constructor(ttlSeconds: number) {
    this.stepSeconds = Math.max(1, Math.min(60, Math.floor(ttlSeconds / 10)));
  }

  /** A time in Unix seconds, rounded down to its step. */
  stepOf(unixSeconds: number): number {
    return unixSeconds - (unixSeconds % this.stepSeconds);
  }

  /** The URL of `key` for the step `step` (from `stepOf`): `sign()` runs once per key and step. */
  urlFor(key: string, step: number, sign: () => string): string {
    if (step !== this.step || this.urls.size >= MAX_CACHED_URLS) {
      this.urls.clear();
      this.step = step;
    }
    let url = this.urls.get(key);
    if (url === undefined) {
      url = sign();
      this.urls.set(key, url);
    }
    return url;
  }
}
