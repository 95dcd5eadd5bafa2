import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

describe('HTTP contract: auth, errors, docs, health', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, { BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('answers 401 not_authenticated without headers and authentication_failed with a wrong key', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/remaining_credits/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: expect.any(String), code: 'not_authenticated' });
    const wrong = await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: { 'x-api-id': t.account.api_id, 'x-api-key': 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('authentication_failed');
  });

  it('serves paths with and without the trailing slash', async () => {
    for (const url of ['/api/remaining_credits/', '/api/remaining_credits']) {
      const r = await t.app.inject({ method: 'GET', url, headers: t.headers });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ remaining_credits: 100 });
      expect(r.headers['ratelimit-limit']).toBe('1000');
    }
  });

  it('maps client mistakes to 400/404/405/413/415 with the contract bodies, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/links/',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '{"url": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().non_field_errors[0]).toMatch(/JSON/);

    const missing = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ url: ['This field is required.'] });

    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here/', headers: t.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');

    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/remaining_credits/', headers: t.headers });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json().code).toBe('method_not_allowed');
    expect(wrongMethod.headers.allow).toContain('GET');

    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: `http://x/${'a'.repeat(5000)}` } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('payload_too_large');

    const badType = await t.app.inject({ method: 'POST', url: '/api/links/', headers: { ...t.headers, 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(badType.statusCode).toBe(415);
    expect(badType.json().code).toBe('unsupported_media_type');
  });

  it('accepts form-encoded bodies on create endpoints', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: { ...t.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=&voice_id=x',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toHaveProperty('text');
  });

  it('publishes OpenAPI 3.1 from the route schemas and a docs page without any CDN', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/links/', '/api/text_to_speech/', '/api/remaining_credits/']));
    expect(doc.paths['/api/links/'].post.requestBody).toBeTruthy();
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const asset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready).toMatchObject({
      status: 'ready',
      database: { kind: 'sqlite', ok: true, latency_ms: expect.any(Number) },
      queue: { kind: 'local', ok: true },
    });
  });

  it('gives every response a request id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers['x-request-id']).toBe('abc-123');
  });
});

describe('rate limit per API key', () => {
  it('answers 429 with Retry-After and RateLimit headers once the bucket is empty', async () => {
    const db = await freshSqlite();
    const t = await startTestApp(db, { RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_SECOND: '1' });
    try {
      const codes: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 5; i++) {
        last = await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      expect(last!.json().code).toBe('throttled');
      expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(last!.headers['ratelimit-remaining']).toBe('0');
      const other = await t.c.accounts.create('other', 1);
      const fresh = await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: { 'x-api-id': other.api_id, 'x-api-key': other.api_key } });
      expect(fresh.statusCode).toBe(200);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});
