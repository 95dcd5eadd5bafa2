import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_KINDS } from '../../../packages/sdk/src/task-kinds.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import type { Schema } from '../../helpers/schema-samples.js';

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>> };

/**
 * POSTs of the document that the SDK deliberately does not wrap as task kinds, and why.
 * Every other POST must be a create or follow-up in TASK_KINDS, so a new task endpoint
 * cannot ship without its createAndWait helper.
 */
const NOT_TASK_CREATES: Record<string, string> = {
  '/api/links/': 'answers the finished link at once (client.links.create)',
  '/api/links/link_with_params/': 'answers the finished link at once (client.links.createWithParams)',
  '/api/link_with_params/': 'alias of /api/links/link_with_params/',
  '/api/voices/': 'alias of /api/voices/clone/',
  '/api/link_to_videos/{id}/render_single_preview/': 'alias of /api/link_to_videos/render_single_preview/',
  '/api/text_generator/stream/': 'a Server-Sent Events stream, not a task to poll (client.textGenerator.stream)',
  '/sse/text_generator/': 'alias of /api/text_generator/',
  '/sse/text_generator/stream/': 'alias of /api/text_generator/stream/',
};

describe('the SDK task kinds', () => {
  let db: TestDatabase;
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, {}, { consume: false });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const successSchema = (path: string, method: string) => {
    const responses = doc.paths[path]?.[method]?.responses ?? {};
    const [, ok] = Object.entries(responses).find(([s]) => /^2\d\d$/.test(s)) ?? [];
    return ok?.content?.['application/json']?.schema;
  };
  // A union (GET /api/voices/{id}/: built-in or cloned voice) qualifies when one of its shapes settles.
  const hasIdAndStatus = (schema: Schema | undefined): boolean =>
    schema !== undefined &&
    (schema.anyOf ? schema.anyOf.some(hasIdAndStatus) : Boolean(schema.properties?.id && (schema.properties.status || schema.properties.process_status)));

  it('name only documented operations, each answering a task with id and status', () => {
    const problems: string[] = [];
    for (const [kind, entry] of Object.entries(TASK_KINDS)) {
      if (!hasIdAndStatus(successSchema(entry.get, 'get'))) problems.push(`${kind}: GET ${entry.get} is not a task read`);
      if (entry.list && !successSchema(entry.list, 'get')) problems.push(`${kind}: no GET ${entry.list}`);
      for (const path of [...Object.values(entry.creates), ...Object.values(entry.followUps)] as string[]) {
        if (!hasIdAndStatus(successSchema(path, 'post'))) problems.push(`${kind}: POST ${path} does not answer a task`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cover every POST of the document except the listed non-tasks', () => {
    const wrapped = new Set(Object.values(TASK_KINDS).flatMap((e) => [...Object.values(e.creates), ...Object.values(e.followUps)] as string[]));
    const posts = Object.entries(doc.paths)
      .filter(([, item]) => item.post)
      .map(([path]) => path);
    expect(posts.filter((p) => !wrapped.has(p) && !(p in NOT_TASK_CREATES))).toEqual([]);
    expect(Object.keys(NOT_TASK_CREATES).filter((p) => !posts.includes(p))).toEqual([]);
  });
});
