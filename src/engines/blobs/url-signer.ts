import { createHmac, timingSafeEqual } from 'node:crypto';
import { SteppedUrlCache } from './stepped-url-cache.js';

/** HMAC-signed, expiring file URLs: `/files/<key>?expires=<unix s>&signature=<hex>`. */
export class UrlSigner {
  /** Expiry times are rounded down to a step, each key's URL signed once per step (`SteppedUrlCache`). */
  private readonly cache: SteppedUrlCache;

  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.cache = new SteppedUrlCache(ttlSeconds);
  }

  private mac(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('hex');
  }

  sign(key: string): string {
    const expires = this.cache.stepOf(Math.floor(this.nowMs() / 1000) + this.ttlSeconds);
    return this.cache.urlFor(key, expires, () => {
      const path = key.split('/').map(encodeURIComponent).join('/');
      return `${this.baseUrl}/files/${path}?expires=${expires}&signature=${this.mac(key, expires)}`;
    });
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
