import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { CustomAvatarService, type AvatarMediaIntake } from '../../../src/domain/avatars/custom-avatar-service.js';
import { ValidationError } from '../../../src/core/errors.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { systemClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const LIMIT = 3;
const ATTEMPTS = 8;

/**
 * The per-account custom-avatar limit under concurrent creates. It is checked in the transaction
 * that inserts the avatar, with the account locked, so it holds across API processes. On
 * PostgreSQL two services share the database, as two `api` processes would (each its own pool and
 * no shared memory). On SQLite one service: its writers are serialised by BEGIN IMMEDIATE, and a
 * second connection in the same Node process would wait for the first synchronously.
 * Build jobs are not consumed, so every created avatar stays `processing` (and counts).
 */
describe.each(databases)('custom avatar limit on %s', (dbName) => {
  let db: TestDatabase;
  let apps: TestApp[] = [];
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-avatar-limit-');
    const portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
    pages = await startPageServer();
    pages.route('/presenter.png', { headers: { 'content-type': 'image/png' }, body: await readFile(portrait) });
    db = await databases.find(([name]) => name === dbName)![1]();
    const env = { CUSTOM_AVATAR_LIMIT: String(LIMIT) };
    apps = [await startTestApp(db, env, { consume: false })];
    if (dbName === 'postgres') apps.push(await startTestApp(db, env, { consume: false }));
  }, 60_000);
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  it(`lets exactly ${LIMIT} of ${ATTEMPTS} concurrent creates through; the rest are 400 and leave no files`, async () => {
    const headers = apps[0]!.headers; // one account, whichever process answers
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        apps[i % apps.length]!.app.inject({
          method: 'POST',
          url: '/api/personas/',
          headers,
          payload: { name: `Racer ${i}`, image_url: pages.url('/presenter.png') },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 400)).toHaveLength(ATTEMPTS - LIMIT);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().non_field_errors[0]).toMatch(new RegExp(`has ${LIMIT} custom avatars, the most it may have \\(${LIMIT}\\)`));
    }
    for (const a of apps) {
      expect((await a.app.inject({ method: 'GET', url: '/api/personas_v2/count/', headers })).json()).toEqual({ used: LIMIT, limit: LIMIT, remaining: 0 });
    }
    // The refused creates had fetched their pictures; those files are removed again.
    const c = apps[0]!.c;
    const created = results.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    const kept = await Promise.all(created.map(async (id) => (await c.store.tasks.get(id))!.input.source as { key: string }));
    for (const { key } of kept) expect(await c.blobs.stat(key)).not.toBeNull();
    const folder = join(db.dataDir, 'files', apps[0]!.account.account_id, 'custom-avatars');
    const files = (await Promise.all((await readdir(folder)).map((f) => readdir(join(folder, f))))).flat();
    expect(files).toHaveLength(LIMIT);
  }, 90_000);

  it('frees a place when an avatar is deleted, and failed avatars do not count', async () => {
    const { app, c } = apps[apps.length - 1]!; // on PostgreSQL, the other process
    const headers = apps[0]!.headers;
    const list = await c.store.tasks.list(apps[0]!.account.account_id, ['custom_avatar'], {});
    expect(list).toHaveLength(LIMIT);
    // One fails (as a build would), one is deleted: two places, taken by two of four concurrent creates.
    await c.store.tasks.transition(list[0]!.id, ['processing'], { status: 'failed', failedReason: 'image_url: no face found' }, new Date().toISOString());
    expect((await app.inject({ method: 'DELETE', url: `/api/personas/${list[1]!.id}/`, headers })).statusCode).toBe(204);
    const codes = (
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          apps[i % apps.length]!.app.inject({
            method: 'POST',
            url: '/api/personas/',
            headers,
            payload: { name: `Late ${i}`, image_url: pages.url('/presenter.png') },
          }),
        ),
      )
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 201, 400, 400]);
  }, 90_000);
});

/**
 * The same rule where the timing is forced: every create is held at the media step until all of
 * them have arrived, so their transactions start together (on PostgreSQL, on separate connections
 * of two pools, as two processes would). Without the account lock they would all count 0.
 */
describe.each(databases)('custom avatar limit, simultaneous transactions on %s', (dbName) => {
  let db: TestDatabase;
  const opened: OpenDatabase[] = [];

  beforeAll(async () => {
    db = await databases.find(([name]) => name === dbName)![1]();
    const processes = dbName === 'postgres' ? 2 : 1;
    for (let i = 0; i < processes; i++) opened.push(await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }));
  });
  afterAll(async () => {
    for (const o of opened) await o.close();
    await db?.drop();
  });

  /** A media step that lets nobody through until `count` creates are waiting at it. */
  function gate(count: number): AvatarMediaIntake {
    const waiting: (() => void)[] = [];
    return {
      async keep(_value, keyStem) {
        await new Promise<void>((release) => {
          waiting.push(release);
          if (waiting.length === count) for (const r of waiting) r();
        });
        return { key: `${keyStem}.png`, kind: 'image', durationSeconds: null, width: 480, height: 600 };
      },
    };
  }

  it(`${ATTEMPTS} creates whose transactions start together: exactly ${LIMIT} pass`, async () => {
    const stores = opened.map((o) => kyselyStore(o.db, o.dialect));
    const { account_id } = await new AccountService(stores[0]!, systemClock).create('race', 0);
    const media = gate(ATTEMPTS);
    const services = stores.map(
      (store) =>
        new CustomAvatarService(new TaskService(store, { dispatch: async () => undefined }, systemClock, 3), store, media, new MemoryBlobStore(), systemClock, {
          limit: LIMIT,
          voiceForGender: () => null,
        }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        services[i % services.length]!.create(account_id, { version: 'v1', name: `Racer ${i}`, imageUrl: 'https://example.com/p.png' }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT);
    expect(refused).toHaveLength(ATTEMPTS - LIMIT);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    expect(await stores[0]!.tasks.countOwned(account_id, ['custom_avatar'], ['pending', 'processing', 'done'])).toBe(LIMIT);
  });
});
