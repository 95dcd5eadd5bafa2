import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

/**
 * The API a client sees changes only on purpose: a digest of every operation of the OpenAPI
 * document (and of its shared parts) is kept in the repository, so a refactor that changes an
 * answer's shape, a parameter or a status fails here, naming the operation. After a deliberate
 * change: UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run test/integration/api/openapi-snapshot.test.ts
 */
const SNAPSHOT = new URL('../../fixtures/openapi-digests.json', import.meta.url);

/** JSON with sorted keys, so member order does not count. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const digest = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex').slice(0, 16);

describe('the OpenAPI document', () => {
  let db: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, {}, { consume: false });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('is the one kept in test/fixtures, operation by operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const digests: Record<string, string> = {};
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) digests[`${method.toUpperCase()} ${path}`] = digest(operation);
    }
    const { paths: _paths, ...shared } = doc;
    digests['(document without paths)'] = digest(shared);
    if (process.env.UPDATE_OPENAPI_SNAPSHOT) writeFileSync(SNAPSHOT, `${JSON.stringify(digests, Object.keys(digests).sort(), 2)}\n`);
    expect(digests).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  });
});
