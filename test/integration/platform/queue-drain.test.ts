import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { systemClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { BullQueue } from '../../../src/engines/queue/bullmq-queue.js';
import { LocalQueue } from '../../../src/engines/queue/local-queue.js';
import type { JobQueue } from '../../../src/engines/queue/port.js';
import { JobCatalog } from '../../../src/jobs/job-catalog.js';
import { defineJob } from '../../../src/jobs/job-definition.js';
import { JobRunner } from '../../../src/jobs/job-runner.js';
import { freshPostgres, freshSqlite, REDIS_URL, type TestDatabase } from '../../helpers/databases.js';

const log = pino({ level: 'silent' });
/** Far longer than the test: a job taken again within it was handed back, not found stalled. */
const LEASE_MS = 60_000;

/** A job that takes `input.ms` unless stopped; the attempt number of each run is recorded. */
function slowCatalog(runs: Map<string, number[]>) {
  return new JobCatalog().register(
    defineJob({
      name: 'test.slow',
      payload: z.object({}).passthrough(),
      async handle({ task, signal }) {
        runs.set(task.id, [...(runs.get(task.id) ?? []), Date.now()]);
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, Number(task.input.ms));
          signal.addEventListener(
            'abort',
            () => {
              clearTimeout(t);
              reject(signal.reason);
            },
            { once: true },
          );
        });
        return { result: { slept: task.input.ms }, costMillicredits: 1000 };
      },
    }),
  );
}

const kinds: [string, () => Promise<TestDatabase>, boolean][] = [
  ['local queue on sqlite', freshSqlite, false],
  ['local queue on postgres', freshPostgres, false],
  ['bullmq on postgres', freshPostgres, true],
];

describe.each(kinds)('draining a worker: %s', (_name, fresh, bull) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let tasks: TaskService;
  let accountId: string;
  const runs = new Map<string, number[]>();
  const catalog = slowCatalog(runs);
  const queueName = `cw-drain-${Math.random().toString(36).slice(2)}`;
  const open: JobQueue[] = [];
  const newQueue = (): JobQueue => {
    const q = bull
      ? new BullQueue(
          store,
          systemClock,
          { redisUrl: REDIS_URL, queueName, concurrency: 1, leaseMs: LEASE_MS, maxAttempts: 2, retryBaseMs: 50, dispatchSweepMs: 200, dispatchTimeoutMs: 2000 },
          log,
        )
      : new LocalQueue(store, systemClock, { concurrency: 1, leaseMs: LEASE_MS, pollMs: 30, retryBaseMs: 50, names: () => catalog.names() }, log);
    open.push(q);
    return q;
  };
  const consume = async (q: JobQueue) => {
    await q.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }).run);
    return q;
  };

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    const producer = newQueue();
    producer.startDispatcher();
    tasks = new TaskService(store, producer, systemClock, 2);
    accountId = (await new AccountService(store, systemClock).create('drain', 20)).account_id;
  });
  afterAll(async () => {
    for (const q of open) await q.close();
    await opened.close();
    await tdb.drop();
  });

  const until = async (what: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const statusOf = async (id: string) => (await store.tasks.get(id))!.status;
  const charges = async (id: string) => (await store.ledger.listForTask(id)).filter((e) => e.kind === 'charge').length;

  it('lets a job that ends within the grace period finish', async () => {
    const worker = await consume(newQueue());
    const task = await tasks.create({ accountId, kind: 'test', input: { ms: 400 }, holdMillicredits: 2000, jobName: 'test.slow' });
    await until(async () => (await statusOf(task.id)) === 'processing');
    expect(await worker.drain(10_000)).toEqual({ finished: 1, handedBack: 0 });
    expect(await statusOf(task.id)).toBe('done');
    expect(await charges(task.id)).toBe(1);
  });

  it('hands a job back at the end of the grace period; another worker takes it at once, not counted as an attempt, charged once', async () => {
    const worker = await consume(newQueue());
    const balance = async () => (await store.accounts.get(accountId))!.balanceMillicredits;
    const before = await balance();
    const task = await tasks.create({ accountId, kind: 'test', input: { ms: 1500 }, holdMillicredits: 2000, jobName: 'test.slow' });
    await until(async () => (await statusOf(task.id)) === 'processing');
    const drainStarted = Date.now();
    expect(await worker.drain(100)).toEqual({ finished: 0, handedBack: 1 });
    expect(Date.now() - drainStarted).toBeLessThan(2000);
    if (!bull) expect(await store.jobs.get(task.id)).toMatchObject({ status: 'queued', attempts: 0 });

    const handedBackAt = Date.now();
    await consume(newQueue());
    await until(async () => (await statusOf(task.id)) === 'done');
    // Taken again at once (well within the 60 s lease), and the one run it took counted once.
    expect(runs.get(task.id)![1]! - handedBackAt).toBeLessThan(3000);
    expect(runs.get(task.id)).toHaveLength(2);
    expect(await charges(task.id)).toBe(1);
    expect(await balance()).toBe(before - 1000);
  });
});
