import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { startRedis, type RedisProcess } from '../../helpers/redis-process.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';

describe.each(databases)('/readyz on %s', (_name, fresh) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await fresh();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('reports the database, the queue, the file storage and the data disk, each with its state; the embedded queue is the database', async () => {
    const t = await startTestApp(db);
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        status: 'ready',
        down: [],
        database: { kind: db.name, ok: true, latency_ms: expect.any(Number) },
        queue: { kind: 'local', ok: true },
        storage: { kind: 'local', ok: true },
        disk: { ok: true, free_bytes: expect.any(Number), total_bytes: expect.any(Number) },
      });
      expect(r.json().disk.free_bytes).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('answers 200 degraded naming the disk when its free space is below DISK_MIN_FREE_MB (creates are still taken)', async () => {
    // More than any disk here has free: the check must report it, with the figures.
    const t = await startTestApp(db, { DISK_MIN_FREE_MB: String(1024 * 1024 * 1024) });
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        status: 'degraded',
        down: ['disk'],
        database: { ok: true },
        disk: { ok: false, free_bytes: expect.any(Number), detail: expect.stringMatching(/MB free of .* below the .* minimum \(DISK_MIN_FREE_MB\)/) },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 not_ready when the database does not answer', async () => {
    const t = await startTestApp(db);
    try {
      await t.c.db.close();
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 'not_ready', down: ['database'], database: { kind: db.name, ok: false, detail: expect.any(String) } });
    } finally {
      await t.app.close();
      await t.c.queue.close();
    }
  });
});

describe('/readyz in scaled mode (BullMQ)', () => {
  let db: TestDatabase;
  let redis: RedisProcess;
  let t: TestApp;
  beforeAll(async () => {
    db = await databases[1]![1]();
    redis = await startRedis();
    t = await startTestApp(db, { REDIS_URL: redis.url, READINESS_TIMEOUT_MS: '1500' }, { consume: false });
  });
  afterAll(async () => {
    redis.resume();
    await t.close();
    await redis.stop();
    await db.drop();
  });

  it('pings Redis: ok with its latency, then 200 degraded (creates still go to the outbox) while it is frozen', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(up.json()).toMatchObject({ status: 'ready', queue: { kind: 'bullmq', ok: true, latency_ms: expect.any(Number) } });
    redis.freeze();
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        status: 'degraded',
        down: ['queue'],
        database: { kind: 'postgres', ok: true },
        queue: { kind: 'bullmq', ok: false, detail: expect.any(String) },
      });
    } finally {
      redis.resume();
    }
  });
});
