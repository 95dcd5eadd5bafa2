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

  it('reports the database and the queue, each with its state; the embedded queue is the database', async () => {
    const t = await startTestApp(db);
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 'ready', database: { kind: db.name, ok: true, latency_ms: expect.any(Number) }, queue: { kind: 'local', ok: true } });
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
      expect(r.json()).toMatchObject({ status: 'not_ready', database: { kind: db.name, ok: false, detail: expect.any(String) } });
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
      expect(r.json()).toMatchObject({ status: 'degraded', database: { kind: 'postgres', ok: true }, queue: { kind: 'bullmq', ok: false, detail: expect.any(String) } });
    } finally {
      redis.resume();
    }
  });
});

