import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed URLs kept per expiry step; past this many keys the cache starts afresh. */
const MAX_CACHED_URLS = 10_000;

/** HMAC-signed, expiring file URLs: `/files/<key>?expires=<unix s>&signature=<hex>`. */
export class UrlSigner {
  /**
   * Expiry times are rounded down to a step (a tenth of the lifetime, at most a minute), so every
   * poll of a task within one step hands out the same URL: its HMAC is computed once (it was a
   * tenth of a polled GET's CPU), and clients and caches see stable URLs. A URL still lives at
   * least `ttlSeconds - stepSeconds`.
   */
  private readonly stepSeconds: number;
  private cachedExpires = -1;
  private readonly cached = new Map<string, string>();

  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.stepSeconds = Math.max(1, Math.min(60, Math.floor(ttlSeconds / 10)));
  }

  private mac(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('hex');
  }

  sign(key: string): string {
    const latest = Math.floor(this.nowMs() / 1000) + this.ttlSeconds;
    const expires = latest - (latest % this.stepSeconds);
    if (expires !== this.cachedExpires || this.cached.size >= MAX_CACHED_URLS) {
      this.cached.clear();
      this.cachedExpires = expires;
    }
    let url = this.cached.get(key);
    if (url === undefined) {
      const path = key.split('/').map(encodeURIComponent).join('/');
      url = `${this.baseUrl}/files/${path}?expires=${expires}&signature=${this.mac(key, expires)}`;
      this.cached.set(key, url);
    }
    return url;
  }

  verify(key: string, expiresRaw: string | undefined, signature: string | undefined): 'ok' | 'expired' | 'invalid' {
    const expires = Number(expiresRaw);
    if (!signature || !Number.isInteger(expires)) return 'invalid';
    const expected = Buffer.from(this.mac(key, expires), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (expires * 1000 < this.nowMs()) return 'expired';
    return 'ok';
  }
}
