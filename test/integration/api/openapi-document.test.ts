import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, fieldErrorResponse } from '../../../src/api/schemas/responses/errors.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import type { Schema } from '../../helpers/schema-samples.js';

type Response = { content?: Record<string, { schema?: Schema }> };
type Doc = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown; responses?: Record<string, Response> }>>;
};

/** Operations whose price can be above zero: each must document 402. */
const PAID = [
  'post /api/text_to_speech/',
  'post /api/links/',
  'post /api/links/link_with_params/',
  'post /api/link_to_videos/',
  'post /api/link_to_videos/{id}/render/',
  'post /api/lipsyncs/',
  'post /api/lipsyncs_v2/{id}/render/',
  'post /api/aurora/',
  'post /api/ai_scripts/',
  'post /api/voices/clone/',
  'post /api/text_generator/',
];

describe('the OpenAPI document', () => {
  let db: TestDatabase;
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, { BODY_LIMIT_BYTES: '2048' }, { consume: false });
    const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, method, path, op })));

  it('gives every operation a success response with its body schema', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { key, op } of ops) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length !== 1) {
        missing.push(`${key}: ${success.length} success responses`);
        continue;
      }
      const [status, response] = success[0]!;
      if (status === '204') {
        if (response.content) missing.push(`${key}: 204 with a body`);
        continue;
      }
      const content = response.content ?? {};
      const schema = content['application/json']?.schema ?? content['text/event-stream']?.schema;
      if (!schema || Object.keys(schema).length === 0) missing.push(`${key}: ${status} without a schema`);
      else if (content['application/json'] && !schema.type && !schema.anyOf && !schema.oneOf) missing.push(`${key}: ${status} schema has no type`);
    }
    expect(missing).toEqual([]);
  });

  it('documents the error responses each operation can answer, each with its body schema', () => {
    const problems: string[] = [];
    for (const { key, method, path, op } of operations()) {
      const responses = op.responses ?? {};
      const expected = ['401', '429', '500'];
      if (op.parameters?.length || op.requestBody) expected.push('400');
      if (['post', 'put', 'patch'].includes(method)) expected.push('400', '413', '415');
      if (path.includes('{')) expected.push('404');
      if (PAID.includes(key)) expected.push('402');
      for (const status of expected) {
        const schema = responses[status]?.content?.['application/json']?.schema;
        if (!schema) {
          problems.push(`${key}: no ${status}`);
          continue;
        }
        if (status === '400') {
          if (schema.type !== 'object' || typeof schema.additionalProperties !== 'object' || schema.additionalProperties.type !== 'array')
            problems.push(`${key}: 400 is not the field map`);
        } else if (JSON.stringify(schema.required) !== '["detail","code"]' || schema.additionalProperties !== false) {
          problems.push(`${key}: ${status} is not {detail, code}`);
        }
      }
      if (method === 'get' && responses['402']) problems.push(`${key}: a read documents 402`);
    }
    expect(problems).toEqual([]);
  });

  it('documents 409 and 422 and the Idempotency-Key header on every POST (creates and follow-ups), and the text stream as Server-Sent Events', () => {
    const tts = doc.paths['/api/text_to_speech/']!.post!.responses!;
    expect(Object.keys(tts)).toEqual(expect.arrayContaining(['201', '409', '422']));
    const render = doc.paths['/api/lipsyncs/{id}/render/']!.post!;
    expect(Object.keys(render.responses!)).toEqual(expect.arrayContaining(['409', '422']));
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!item.post) continue;
      expect(
        (item.post.parameters ?? []).map((p) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:Idempotency-Key');
    }
    const stream = doc.paths['/api/text_generator/stream/']!.post!.responses!;
    expect(stream['200']?.content).toHaveProperty('text/event-stream');
  });
});

describe("Fastify's own errors in the contract's bodies", () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, { BODY_LIMIT_BYTES: '2048' }, { consume: false });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const detailCode = (body: unknown) => errorResponse.parse(body);

  it('a path parameter over the length limit → 404 {detail, code}', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/text_to_speech/${'a'.repeat(500)}/`, headers: t.headers });
    expect(r.statusCode).toBe(404);
    expect(detailCode(r.json()).code).toBe('not_found');
  });

  it('a URL that does not decode → 400 field map', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/text_to_speech/%zz/', headers: t.headers });
    expect(r.statusCode).toBe(400);
    expect(fieldErrorResponse.parse(r.json())).toHaveProperty('non_field_errors');
  });

  it('malformed JSON → 400 field map', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(r.statusCode).toBe(400);
    expect(fieldErrorResponse.parse(r.json()).non_field_errors![0]).toMatch(/JSON/);
  });

  it('a body over the limit → 413 {detail, code}', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text: 'a'.repeat(5000), voice_id: 'x' } });
    expect(r.statusCode).toBe(413);
    expect(detailCode(r.json()).code).toBe('payload_too_large');
  });

  it('text/plain and other types → 415 {detail, code}, and nothing is created', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'text/csv', 'application/xml']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: { ...t.headers, 'content-type': type }, payload: 'hello' });
      expect(r.statusCode, type).toBe(415);
      expect(detailCode(r.json()).code).toBe('unsupported_media_type');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/text_to_speech/', headers: t.headers })).json()).toEqual([]);
  });

  it('an unknown route → 404 and a wrong method → 405, both {detail, code}', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing/', headers: t.headers });
    expect(unknown.statusCode).toBe(404);
    expect(detailCode(unknown.json()).code).toBe('not_found');
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/text_to_speech/', headers: t.headers });
    expect(wrong.statusCode).toBe(405);
    expect(detailCode(wrong.json()).code).toBe('method_not_allowed');
  });
});
