import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshPostgres, type TestDatabase } from '../../helpers/databases.js';
import { startRedis, type RedisProcess } from '../../helpers/redis-process.js';

const LAMP = 'Title: Aurora Sunrise Lamp\nDescription: A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.\nPrice: 49.90 EUR';
/** Far above the hand-off timeout and far below the sync wait: a request still open by then waits for the outage. */
const HUNG_MS = 10_000;

/** How a promise settles, or 'pending' if it has not within `ms`. */
async function settlement<T>(p: Promise<T>, ms = HUNG_MS): Promise<'resolved' | 'rejected' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((r) => (timer = setTimeout(() => r('pending'), ms)));
  const outcome = await Promise.race([
    p.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    pending,
  ]);
  clearTimeout(timer);
  return outcome;
}

describe('creates that wait for their result, while the queue (Redis) is frozen', () => {
  let db: TestDatabase;
  let redis: RedisProcess;
  let t: TestApp;
  beforeAll(async () => {
    db = await freshPostgres();
    redis = await startRedis();
    t = await startTestApp(
      db,
      { REDIS_URL: redis.url, TEXT_SYNC_TIMEOUT_MS: '60000', TEXT_GENERATION_CREDITS: '1', QUEUE_DISPATCH_TIMEOUT_MS: '300' },
      { credits: 10 },
    );
  });
  afterAll(async () => {
    redis.resume();
    await t.close();
    await redis.stop();
    await db.drop();
  });

  it('a text_generator request with sync: true answers at once with the pending task instead of waiting out the outage; it is done and charged once after', async () => {
    redis.freeze();
    let answer: LightMyRequestResponse | undefined;
    try {
      const request = t.app.inject({
        method: 'POST',
        url: '/api/text_generator/',
        headers: t.headers,
        payload: { model_name: 'clipwright-headlines', messages: [{ role: 'user', content: `${LAMP}\nGive me 4 headlines` }], sync: true },
      });
      expect(await settlement(request)).toBe('resolved');
      answer = await request;
    } finally {
      redis.resume();
    }
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.status).toBe('pending');
    t.c.queue.startDispatcher();
    const done = await waitForTask(t, `/api/text_generator/${body.id}/`);
    expect(done.status).toBe('done');
    const charges = (await t.c.store.ledger.listForTask(body.id)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(1);
  }, 60_000);
});
