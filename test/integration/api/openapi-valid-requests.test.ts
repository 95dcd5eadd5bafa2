/**
 * The document states every rule the server enforces (issue 25, point 3): requests generated from
 * the OpenAPI document alone — a typical body, then each field at each edge its schema allows
 * (every enum member, both bounds, the shortest and the longest string, null) — are never refused
 * as invalid. A 400 (or 422) here is a rule the server checks and the document does not say, so a
 * client generated from the document, or a tool like schemathesis, would send it. The only
 * exceptions are the checks that need the outside world, listed in test/fixtures/outside-world-checks.ts.
 * No job runs (consume: false): a task created is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { INSPIRATIONS } from '../../../src/domain/inspirations/inspiration-catalog.js';
import { outsideWorldCheck, type SampleFixtures } from '../../fixtures/outside-world-checks.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { makeCheckFixtures, type CheckFixtures } from '../../helpers/create-check-fixtures.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeClip } from '../../helpers/media-fixtures.js';
import { SchemaSamples, type Schema } from '../../helpers/schema-samples.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFile } from 'node:fs/promises';

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};
interface Request {
  method: string;
  url: string;
  payload?: unknown;
  note: string;
}

const TEMPLATE_ID = '0f0e0d0c-0b0a-4909-8807-060504030201';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const page = (photo: string) => `<html><head><title>Steel Bottle</title><meta name="description" content="Keeps drinks cold for 24 hours.">
<meta property="og:image" content="${photo}"></head>
<body><h1>Steel Bottle</h1><p>Price: $25</p></body></html>`;

/** Whether a 400's key ("video_inputs.0.voice.voice_id", "parameters.Headline") is a field whose check needs the outside world. */
const excused = (operation: string, key: string) => {
  const parts = key.split('.').filter((p) => !/^\d+$/.test(p));
  return parts.some((_, i) => outsideWorldCheck(operation, parts.slice(0, i + 1).join('.')));
};

/** The document's own judge: a generated value is sent only if the schema calls it valid (cross-field rules included). */
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const validates = (schema: Schema, value: unknown) => ajv.validate(schema, value) as boolean;

/** Every request the generator makes for one operation (the path's ids filled with `ids`). */
function requestsFor(method: string, path: string, op: Operation, samples: SchemaSamples, ids: Record<string, string>): Request[] {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[`${path}:${name}`] ?? ids[name] ?? UNKNOWN_ID);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const typicalQuery: Record<string, unknown> = {};
  for (const p of query) if (p.required) typicalQuery[p.name] = samples.typical(p.schema, p.name);
  const withQuery = (q: Record<string, unknown>) => {
    const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return search ? `${url}?${search}` : url;
  };
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const out: Request[] = [];
  if (!schema) out.push({ method, url: withQuery(typicalQuery), note: 'typical' });
  for (const p of query) {
    for (const v of samples.variants(p.schema, p.name))
      if (validates(p.schema, v.value))
        out.push({ method, url: withQuery({ ...typicalQuery, [p.name]: v.value }), note: `query ${p.name}=${JSON.stringify(v.value)}` });
  }
  if (schema) {
    for (const v of samples.variants(schema))
      if (validates(schema, v.value))
        out.push({
          method,
          url: withQuery(typicalQuery),
          payload: v.value,
          note: v.at ? `body ${v.at}=${JSON.stringify(v.value).slice(0, 80)}` : 'typical body',
        });
  }
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.url} ${JSON.stringify(r.payload)}`;
    return !seen.has(key) && seen.add(key);
  });
}

describe('the request generator', () => {
  it('tries each enum member, both bounds, the shortest and longest string, null and an empty and a full list, one place at a time', () => {
    const samples = new SchemaSamples((path) => (path === 'link' ? 'L1' : undefined));
    const schema = {
      type: 'object',
      required: ['link', 'style'],
      properties: {
        link: { type: 'string' },
        style: { type: 'string', enum: ['a', 'b'] },
        size: { anyOf: [{ type: 'integer', minimum: 8, maximum: 400 }, { type: 'null' }] },
        name: { type: 'string', minLength: 1, maxLength: 3 },
        tags: { type: 'array', items: { type: 'string', enum: ['x'] }, maxItems: 2 },
      },
    };
    expect(samples.typical(schema)).toEqual({ link: 'L1', style: 'a' });
    const values = samples.variants(schema).map((v) => v.value);
    for (const expected of [
      { style: 'b' },
      { size: 8 },
      { size: 204 },
      { size: 400 },
      { size: null },
      { name: 'H' },
      { name: 'Hel' },
      { tags: [] },
      { tags: ['x', 'x'] },
    ]) {
      expect(values).toContainEqual({ link: 'L1', style: 'a', ...expected });
    }
    expect(values.every((v) => (v as { link: string }).link === 'L1')).toBe(true);
    expect(() => samples.typical({ type: 'string', pattern: '^zz$' })).toThrow(/No sample string/);
  });
});

describe('every request the OpenAPI document calls valid is accepted', () => {
  let db: TestDatabase;
  let t: TestApp;
  let f: CheckFixtures;
  let fixtures: SampleFixtures;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    f = await makeCheckFixtures();
    await makeClip(f.fx.path('clip.mp4'), 2, { width: 320, height: 240 }, true);
    f.pages.route('/clip.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(f.fx.path('clip.mp4')) });
    f.pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page(f.pages.url(f.paths.photo)) });
    db = await freshSqlite();
    // Custom avatars count against a per-account limit (3): not a rule of the request. No job runs, so `sync: true` answers at once.
    t = await startTestApp(db, { CUSTOM_AVATAR_LIMIT: '100000', TEXT_SYNC_TIMEOUT_MS: '1' }, { credits: 1_000_000, consume: false });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links/link_with_params/',
      headers: t.headers,
      payload: { title: 'Steel Bottle', description: 'Keeps drinks cold.', image_urls: [f.pages.url(f.paths.photo)] },
    });
    expect(link.statusCode, link.body).toBe(200);
    fixtures = {
      linkId: link.json().id,
      voiceId: t.c.speech.defaultVoiceId!,
      avatarId: DEFAULT_AVATAR_ID,
      templateId: TEMPLATE_ID,
      inspirationId: INSPIRATIONS[0]!.id,
      pageUrl: f.pages.url('/product'),
      photoUrl: f.pages.url(f.paths.photo),
      speechUrl: f.pages.url(f.paths.speechMp3),
      videoUrl: f.pages.url('/clip.mp4'),
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await f?.close();
  });

  it('answers no generated request with a validation error (400/422) or a server error', async () => {
    // One line per rule the document misses: operation, field and message, with the first request that met it.
    const problems = new Map<string, string>();
    const report = (key: string, what: string, note: string) => {
      if (!problems.has(`${key} ${what}`)) problems.set(`${key} ${what}`, note);
    };
    let sent = 0;
    // An alias (a body and parameters already walked on another path) gets its typical request only: reads are cheap, creates are not.
    const walked = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        const samples = new SchemaSamples((field) => outsideWorldCheck(key, field)?.sample(fixtures));
        const shape = op.requestBody ? JSON.stringify([method, op.parameters, op.requestBody]) : key;
        const requests = requestsFor(method.toUpperCase(), path, op, samples, { '/api/links/{id}/:id': fixtures.linkId, template_id: TEMPLATE_ID });
        for (const r of walked.has(shape) ? requests.slice(0, 1) : requests) {
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: r.url,
            headers: t.headers,
            ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
          });
          sent++;
          if (res.statusCode >= 500 || res.statusCode === 422) report(key, `→ ${res.statusCode} ${res.body.slice(0, 200)}`, r.note);
          else if (res.statusCode === 400) {
            for (const [field, messages] of Object.entries(res.json() as Record<string, string[]>)) {
              if (!excused(key, field)) report(key, `→ 400 ${field}: ${String(messages[0]).slice(0, 160)}`, r.note);
            }
          }
        }
        walked.add(shape);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect([...problems].map(([what, note]) => `${what}  (sent: ${note})`)).toEqual([]);
  }, 600_000);
});
