import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import type { Schema } from '../../helpers/schema-samples.js';

/**
 * The generated SDK types (packages/sdk) are only as good as the document: a body or a field
 * documented as `{}` becomes `unknown` for every client. This walks every operation and names
 * each hole, so a new route or a schema that loses its type fails here rather than in a client.
 */
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Fields that are open JSON by contract, so `{}` is their true type. */
const OPEN_JSON_FIELDS = new Set([
  'reviews', // links: "as given or read from the page" (any JSON a client sent, or the scraped summary)
  'response', // text generator: function_response.response is the caller's own function result
  'response_json_schema', // text generator: a JSON Schema the caller supplies
]);

/** Follow-ups on an existing task act on the task alone: they read no body (endpoints.md, Task envelope). */
const BODYLESS_FOLLOW_UP = /^post \/api\/[a-z_0-9]+\/\{id\}\/(preview|render|regen_video)\/$/;

/** A schema with nothing that constrains its value (only annotations) is `any`. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'example', 'deprecated']);
const isAny = (schema: Schema) => Object.keys(schema).every((k) => ANNOTATIONS.has(k));

/** Paths inside a schema whose value is untyped; `additionalProperties: {}` is a deliberately open object, not a hole. */
function untypedFields(schema: Schema | undefined, path: string, field: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  if (isAny(schema)) {
    if (!OPEN_JSON_FIELDS.has(field)) out.push(path || '(the whole body)');
    return;
  }
  for (const [name, child] of Object.entries<Schema>(schema.properties ?? {})) untypedFields(child, `${path}.${name}`, name, out);
  if (schema.items) untypedFields(schema.items, `${path}[]`, field, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    (schema[key] ?? []).forEach((s: Schema) => {
      untypedFields(s, path, field, out);
    });
}

describe('the OpenAPI document is complete enough to generate a typed client from', () => {
  let db: TestDatabase;
  let t: TestApp;
  let ops: { key: string; method: string; op: Operation }[];
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, {}, { consume: false });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, method, op })));
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('gives every operation that reads a body a typed request body schema', () => {
    const problems: string[] = [];
    for (const { key, method, op } of ops) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      if (!Object.keys(content).length) {
        if (!BODYLESS_FOLLOW_UP.test(key)) problems.push(`${key}: no request body schema`);
        continue;
      }
      for (const [type, { schema }] of Object.entries(content)) {
        if (!schema || isAny(schema) || (schema.type === 'object' && !Object.keys(schema.properties ?? {}).length))
          problems.push(`${key}: ${type} body is untyped`);
        const holes: string[] = [];
        untypedFields(schema, '', '', holes);
        for (const hole of holes) problems.push(`${key}: body field ${hole} is untyped`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every operation a typed 2xx body, with no untyped field inside it', () => {
    const problems: string[] = [];
    for (const { key, op } of ops) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.length) problems.push(`${key}: no 2xx response`);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const entries = Object.entries(response.content ?? {});
        if (!entries.length) problems.push(`${key}: ${status} has no content`);
        for (const [type, { schema }] of entries) {
          if (!schema || isAny(schema)) {
            problems.push(`${key}: ${status} ${type} is untyped`);
            continue;
          }
          const holes: string[] = [];
          untypedFields(schema, '', '', holes);
          for (const hole of holes) problems.push(`${key}: ${status} field ${hole} is untyped`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every error response the contract error body (a field map for 400, {detail, code} otherwise)', () => {
    const problems: string[] = [];
    for (const { key, op } of ops) {
      const errors = Object.entries(op.responses ?? {}).filter(([status]) => /^[45]\d\d$/.test(status));
      if (!errors.length) problems.push(`${key}: no error responses`);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema;
        if (!schema) problems.push(`${key}: ${status} has no JSON body schema`);
        else if (
          status === '400'
            ? typeof schema.additionalProperties !== 'object' || schema.additionalProperties.items?.type !== 'string'
            : JSON.stringify(Object.keys(schema.properties ?? {}).sort()) !== '["code","detail"]'
        ) {
          problems.push(`${key}: ${status} is not the contract's error body`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches what it claims to: an untyped field, an untyped body and an open object', () => {
    const holes: string[] = [];
    untypedFields(
      {
        type: 'object',
        properties: { a: {}, b: { type: 'array', items: { description: 'x' } }, reviews: {}, c: { type: 'object', additionalProperties: {} } },
      },
      '',
      '',
      holes,
    );
    expect(holes).toEqual(['.a', '.b[]']);
    expect(isAny({ description: 'anything' })).toBe(true);
  });
});
