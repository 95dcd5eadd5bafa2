import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

describe('signed file URLs', () => {
  let db: TestDatabase;
  let t: TestApp;
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db);
    await t.c.blobs.putBuffer('acc/task/sample.mp3', data);
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

  it('serves the file with its content type, whole and by range', async () => {
    const url = pathOf(t.c.blobs.signedUrl('acc/task/sample.mp3'));
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(data.subarray(10, 20))).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(bad.statusCode).toBe(416);
  });

  it('refuses a forged signature, another key, and an expired link', async () => {
    const url = pathOf(t.c.blobs.signedUrl('acc/task/sample.mp3'));
    const forged = url.replace(/signature=([0-9a-f])/, (_m, c) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.replace('sample.mp3', 'other.mp3') })).statusCode).toBe(403);
    const past = new UrlSigner(t.c.config.signingSecret, '', 60, () => Date.now() - 3600_000).sign('acc/task/sample.mp3');
    const expired = await t.app.inject({ method: 'GET', url: past });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('link_expired');
  });

  it('answers a malformed escape in the file path with 404, never 500', async () => {
    for (const url of ['/files/%25zz?expires=1&signature=00', '/files/acc/%25E0%25A4%25A?expires=1&signature=00']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toEqual({ detail: 'File not found.', code: 'not_found' });
    }
  });

  it('expires after the configured time (7 days by default)', () => {
    const url = new URL(t.c.blobs.signedUrl('acc/task/sample.mp3'));
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(7 * 24 * 3600);
  });
});
