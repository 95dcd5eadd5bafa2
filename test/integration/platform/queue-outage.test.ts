import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { systemClock } from '../../../src/core/clock.js';
import { DeadlineExceeded } from '../../../src/core/deadline.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { BullQueue } from '../../../src/engines/queue/bullmq-queue.js';
import { JobCatalog } from '../../../src/jobs/job-catalog.js';
import { defineJob } from '../../../src/jobs/job-definition.js';
import { JobRunner } from '../../../src/jobs/job-runner.js';
import { freshPostgres, type TestDatabase } from '../../helpers/databases.js';
import { startRedis, type RedisProcess } from '../../helpers/redis-process.js';

const log = pino({ level: 'silent' });
/** Far above the hand-off timeout: a call still pending by then is one that waits for the outage. */
const HUNG_MS = 10_000;

/** How a promise settles, or 'pending' if it has not within `ms`. */
async function settlement(p: Promise<unknown>, ms = HUNG_MS): Promise<'resolved' | 'rejected' | 'pending'> {
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

/** BullMQ against a Redis of the test's own, frozen with SIGSTOP while jobs are handed over. */
describe('BullMQ queue while its Redis is frozen', () => {
  let redis: RedisProcess;
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let accountId: string;
  const calls = new Map<string, number>();
  const catalog = new JobCatalog().register(
    defineJob({
      name: 'test.work',
      payload: z.object({}).passthrough(),
      async handle({ task }) {
        calls.set(task.id, (calls.get(task.id) ?? 0) + 1);
        return { result: { ok: true }, costMillicredits: 1000 };
      },
    }),
  );
  const queues: BullQueue[] = [];
  const newQueue = () => {
    const q = new BullQueue(
      store,
      systemClock,
      {
        redisUrl: redis.url,
        queueName: `cw-outage-${Math.random().toString(36).slice(2)}`,
        concurrency: 2,
        leaseMs: 5000,
        maxAttempts: 3,
        retryBaseMs: 50,
        dispatchSweepMs: 200,
        dispatchTimeoutMs: 300,
      },
      log,
    );
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    redis = await startRedis();
    tdb = await freshPostgres();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    accountId = (await new AccountService(store, systemClock).create('outage', 50)).account_id;
  });
  afterEach(async () => {
    redis.resume();
    await Promise.all(queues.splice(0).map((q) => q.close()));
  });
  afterAll(async () => {
    await opened?.close();
    await tdb?.drop();
    await redis?.stop();
  });

  async function settled(id: string) {
    for (let i = 0; i < 600; i++) {
      const t = await store.tasks.get(id);
      if (t && (t.status === 'done' || t.status === 'failed')) return t;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('task did not finish');
  }
  const charges = async (id: string) => (await store.ledger.listForTask(id)).filter((e) => e.kind === 'charge').length;

  it('a hand-off gives up instead of waiting for the outage, the next ones do not try Redis, and readiness says why; after SIGCONT the sweep hands the rows over, each run and charged once', async () => {
    const queue = newQueue();
    const tasks = new TaskService(store, queue, systemClock, 3);
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }).run);
    expect((await queue.health(1000)).ok).toBe(true);

    redis.freeze();
    // The create answers: its row is committed and the hand-off gives up.
    const creating = tasks.create({ accountId, kind: 'test', input: {}, holdMillicredits: 2000, jobName: 'test.work' });
    expect(await settlement(creating)).toBe('resolved');
    const first = await creating;
    const job = (await store.jobs.get(first.id))!;
    // Past the skip window a hand-off tries Redis again, and gives up at its deadline.
    await new Promise((r) => setTimeout(r, 250));
    const handOff = queue.dispatch(job);
    expect(await settlement(handOff)).toBe('rejected');
    await expect(handOff).rejects.toBeInstanceOf(DeadlineExceeded);
    // Within the skip window a hand-off is refused at once, without a command sent to Redis.
    await expect(queue.dispatch(job)).rejects.toThrow(/outbox sweep will hand this job over/);
    const second = await tasks.create({ accountId, kind: 'test', input: {}, holdMillicredits: 2000, jobName: 'test.work' });
    const health = await queue.health(300);
    expect(health).toMatchObject({ kind: 'bullmq', ok: false, detail: expect.stringMatching(/did not answer within 300 ms|timed out/i) });
    expect((await store.jobs.get(first.id))!.dispatchedAt).toBeNull();
    expect((await store.jobs.get(second.id))!.dispatchedAt).toBeNull();

    queue.startDispatcher();
    redis.resume();
    for (const id of [first.id, second.id]) {
      expect((await settled(id)).status).toBe('done');
      expect(calls.get(id)).toBe(1);
      expect(await charges(id)).toBe(1);
    }
    expect((await queue.health(1000)).ok).toBe(true);
  }, 60_000);

  it('a BullMQ start-up that failed while Redis was frozen is not kept: once Redis answers, the job is handed over and run', async () => {
    const queue = newQueue();
    // The connection is up; BullMQ itself starts at the first hand-off, and its start-up commands time out.
    expect((await queue.health(1000)).ok).toBe(true);
    redis.freeze();
    const tasks = new TaskService(store, queue, systemClock, 3);
    const creating = tasks.create({ accountId, kind: 'test', input: {}, holdMillicredits: 2000, jobName: 'test.work' });
    expect(await settlement(creating)).toBe('resolved');
    const task = await creating;
    await new Promise((r) => setTimeout(r, 500));
    redis.resume();
    queue.startDispatcher();
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }).run);
    expect((await settled(task.id)).status).toBe('done');
    expect(await charges(task.id)).toBe(1);
  }, 60_000);
});
