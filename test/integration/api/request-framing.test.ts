import { request as rawRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshPostgres, freshSqlite, type TestDatabase } from '../../helpers/databases.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over a real socket, so Node's own parser (header limits, method table) is in the path. */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    // Content-Length always: Node's client frames a DELETE's body with nothing otherwise.
    const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = rawRequest({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers: { ...headers, ...framing } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Routes of each kind that read a body: create, PUT, PATCH, DELETE. */
const bodyRoutes = [
  ['POST', '/api/text_to_speech/'],
  ['POST', '/api/link_to_videos/'],
  ['PUT', '/api/links/00000000-0000-0000-0000-000000000000/'],
  ['PATCH', '/api/personas/00000000-0000-0000-0000-000000000000/'],
  ['DELETE', '/api/voices/00000000-0000-0000-0000-000000000000/'],
] as const;

for (const [mode, fresh] of [
  ['embedded', freshSqlite],
  ['scaled', freshPostgres],
] as const) {
  describe(`request framing a client gets wrong (${mode})`, () => {
    let db: TestDatabase;
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      db = await fresh();
      t = await startTestApp(db, {}, { consume: false });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t?.close();
      await db?.drop();
    });

    it('answers a multipart Content-Type without a boundary with 400 and the contract body, on every method that reads a body', async () => {
      for (const [method, path] of bodyRoutes) {
        for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8', 'multipart/form-data; boundary=']) {
          const r = await send(base, method, path, { ...t.headers, 'content-type': contentType }, 'text=hello');
          expect(r.status, `${method} ${path} with ${contentType}: ${r.body}`).toBe(400);
          expect(r.body, `${method} ${path}`).toMatch(/"non_field_errors":\["Malformed multipart body: [^"]*boundary/i);
        }
      }
      const credits = await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers });
      expect(credits.json().remaining_credits).toBe(100);
    });

    it('answers a method the API does not know with 405 and Allow, with or without a Content-Type', async () => {
      for (const method of ['QUERY', 'PROPFIND', 'SEARCH', 'MKCOL', 'OPTIONS']) {
        for (const contentType of [undefined, 'application/json', 'text/plain']) {
          const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
          const r = await send(base, method, '/api/text_to_speech/', { ...t.headers, ...headers }, contentType ? '{}' : undefined);
          expect(r.status, `${method} ${JSON.stringify(headers)}`).toBe(405);
          expect(r.headers.allow, method).toBe('GET, POST');
          expect(JSON.parse(r.body)).toEqual({ detail: `Method "${method}" not allowed.`, code: 'method_not_allowed' });
        }
      }
    });

    it('lists in Allow only the methods of the route the path names, not of a parametric route it also fits', async () => {
      // POST /api/ai_editing/preview/ is a route; GET /api/ai_editing/:id/ would also take "preview" as an id.
      for (const method of ['PUT', 'QUERY']) {
        const r = await send(base, method, '/api/ai_editing/preview/', t.headers);
        expect(r.status, method).toBe(405);
        expect(r.headers.allow, method).toBe('POST');
      }
      const byId = await send(base, 'PUT', '/api/ai_editing/00000000-0000-0000-0000-000000000000/', t.headers);
      expect(byId.headers.allow).toBe('GET');
    });

    it('answers an oversized URL or header block with 431 and the contract body', async () => {
      const longUrl = await send(base, 'GET', `/api/text_to_speech/?q=${'a'.repeat(20_000)}`, t.headers);
      const longHeader = await send(base, 'GET', '/api/remaining_credits/', { ...t.headers, 'x-padding': 'b'.repeat(20_000) });
      for (const r of [longUrl, longHeader]) {
        expect(r.status).toBe(431);
        expect(r.headers['content-type']).toMatch(/application\/json/);
        expect(JSON.parse(r.body)).toEqual({ detail: expect.stringMatching(/header/i), code: 'request_header_fields_too_large' });
      }
    });
  });
}

describe('the document names 431 and 503', () => {
  it('lists 431 and 503 with the error body on every /api operation', async () => {
    const db = await freshSqlite();
    const t = await startTestApp(db, {}, { consume: false });
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const operations = Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)
        .filter(([p]) => p.startsWith('/api/'))
        .flatMap(([p, item]) => Object.entries(item).map(([m, op]) => [`${m} ${p}`, op] as const));
      expect(operations.length).toBeGreaterThan(80);
      for (const [key, op] of operations) {
        expect(op.responses['431'], key).toBeDefined();
        expect(op.responses['503'], key).toBeDefined();
      }
    } finally {
      await t.close();
      await db.drop();
    }
  });
});

/**
 * The sweep behind point 1 of the hardening round: every operation of the document, with bodies
 * and headers a careless client sends (bad charsets, encodings, framings, prototype keys, odd
 * queries). Whatever each answers, it is never a 5xx.
 */
describe('careless requests on every operation', () => {
  it('never answer 5xx', async () => {
    const db = await freshSqlite();
    const t = await startTestApp(db, {}, { consume: false });
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const ops = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([p, item]) =>
        Object.keys(item).map((m) => [m.toUpperCase(), p.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000')] as const),
      );
      const variants: [Record<string, string>, string | undefined][] = [
        [{ 'content-type': 'multipart/form-data' }, 'a=b'],
        [{ 'content-type': 'multipart/form-data; boundary=XX' }, 'garbage'],
        [
          { 'content-type': 'multipart/form-data; boundary=XX' },
          '--XX\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--XX--\r\n',
        ],
        [{ 'content-type': 'application/json; charset=bogus' }, '{}'],
        [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{}'],
        [{ 'content-type': 'application/x-www-form-urlencoded' }, 'a=%E0%A4%A&b[c]=1&b=2&%%'],
        [{ 'content-type': 'application/json' }, '[]'],
        [{ 'content-type': 'application/json' }, 'null'],
        [{ 'content-type': 'application/json' }, '{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}'],
        [{ 'content-type': 'application/json', 'idempotency-key': 'x'.repeat(300) }, '{}'],
        [{}, undefined],
      ];
      const serverErrors: string[] = [];
      for (const [method, path] of ops) {
        for (const [headers, payload] of variants) {
          const query = payload === undefined ? '?page=0&page_size=abc&limit=-1&created_after=zzz' : '';
          const r = await t.app.inject({ method: method as 'GET', url: path + query, headers: { ...t.headers, ...headers }, payload });
          if (r.statusCode >= 500) serverErrors.push(`${method} ${path}${query} ${JSON.stringify(headers)} → ${r.statusCode}`);
        }
      }
      expect(ops.length).toBeGreaterThan(80);
      expect(serverErrors).toEqual([]);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});
