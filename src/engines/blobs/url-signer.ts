import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed, expiring file URLs: `/files/<key>?expires=<unix s>&signature=<hex>`. */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private mac(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('hex');
  }

  sign(key: string): string {
    const expires = Math.floor(this.nowMs() / 1000) + this.ttlSeconds;
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${this.baseUrl}/files/${path}?expires=${expires}&signature=${this.mac(key, expires)}`;
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
