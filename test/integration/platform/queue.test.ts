import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { TaskFailure } from '../../../src/core/errors.js';
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

/** Test jobs whose behaviour the task input chooses. */
function testCatalog(calls: Map<string, number>) {
  return new JobCatalog().register(
    defineJob({
      name: 'test.work',
      payload: z.object({}).passthrough(),
      async handle({ task, reportProgress }) {
        const n = (calls.get(task.id) ?? 0) + 1;
        calls.set(task.id, n);
        const mode = task.input.mode;
        reportProgress(50);
        if (mode === 'fail') throw new TaskFailure('The input cannot be used: test failure.');
        if (mode === 'flaky' && n < 2) throw new Error('temporary glitch');
        if (mode === 'crash') throw new Error('always broken');
        return { result: { answer: 42 }, costMillicredits: 1500 };
      },
    }),
  );
}

const queues: [string, () => Promise<TestDatabase>, boolean][] = [
  ['local queue on sqlite', freshSqlite, false],
  ['local queue on postgres', freshPostgres, false],
  ['bullmq on postgres', freshPostgres, true],
];

describe.each(queues)('%s', (_name, fresh, bull) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let queue: JobQueue;
  let tasks: TaskService;
  let accountId: string;
  const calls = new Map<string, number>();

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    const catalog = testCatalog(calls);
    queue = bull
      ? new BullQueue(
          store,
          systemClock,
          {
            redisUrl: REDIS_URL,
            queueName: `cw-test-${Math.random().toString(36).slice(2)}`,
            concurrency: 2,
            leaseMs: 5000,
            maxAttempts: 3,
            retryBaseMs: 50,
            dispatchSweepMs: 200,
            dispatchTimeoutMs: 2000,
          },
          log,
        )
      : new LocalQueue(store, systemClock, { concurrency: 2, leaseMs: 5000, pollMs: 30, retryBaseMs: 50, names: () => catalog.names() }, log);
    tasks = new TaskService(store, queue, systemClock, 3);
    const runner = new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 });
    await queue.startConsuming(runner.run);
    queue.startDispatcher();
    accountId = (await new AccountService(store, systemClock).create('q', 20)).account_id;
  });
  afterAll(async () => {
    await queue.close();
    await opened.close();
    await tdb.drop();
  });

  async function settled(id: string) {
    for (let i = 0; i < 300; i++) {
      const t = await store.tasks.get(id);
      if (t && (t.status === 'done' || t.status === 'failed')) return t;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('task did not finish');
  }
  const balance = async () => (await store.accounts.get(accountId))!.balanceMillicredits;

  it('runs a job to done and settles the actual cost', async () => {
    const before = await balance();
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'ok' }, holdMillicredits: 3000, jobName: 'test.work' });
    const done = await settled(task.id);
    expect(done.status).toBe('done');
    expect(done.result).toEqual({ answer: 42, stages: [expect.objectContaining({ name: 'run', count: 1 })] });
    expect(done.progress).toBe(100);
    expect(done.chargedMillicredits).toBe(1500);
    expect(await balance()).toBe(before - 1500);
  });

  it('fails a task with a reason a person can act on and releases its hold', async () => {
    const before = await balance();
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'fail' }, holdMillicredits: 3000, jobName: 'test.work' });
    const failed = await settled(task.id);
    expect(failed.status).toBe('failed');
    expect(failed.failedReason).toBe('The input cannot be used: test failure.');
    expect(failed.chargedMillicredits).toBe(0);
    expect(await balance()).toBe(before);
    expect(calls.get(task.id)).toBe(1);
  });

  it('retries a transient failure with backoff, then succeeds', async () => {
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'flaky' }, holdMillicredits: 3000, jobName: 'test.work' });
    const done = await settled(task.id);
    expect(done.status).toBe('done');
    expect(calls.get(task.id)).toBe(2);
  });

  it('gives up after the attempts run out, with a reference and nothing charged', async () => {
    const before = await balance();
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'crash' }, holdMillicredits: 3000, jobName: 'test.work' });
    const failed = await settled(task.id);
    expect(failed.status).toBe('failed');
    expect(failed.failedReason).toMatch(/gave up after 3 attempts/);
    expect(calls.get(task.id)).toBe(3);
    expect(await balance()).toBe(before);
  });

  it('treats a repeated dispatch of the same job as one job, charged once', async () => {
    const before = await balance();
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'ok' }, holdMillicredits: 2000, jobName: 'test.work' });
    const job = (await store.jobs.get(task.id))!;
    await Promise.all([queue.dispatch(job), queue.dispatch(job)]);
    await settled(task.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.get(task.id)).toBe(1);
    expect(await balance()).toBe(before - 1500);
    const charges = (await store.ledger.listForTask(task.id)).filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(1);
  });
});

describe('local queue takes up the job of a dead worker once its lease lapses', () => {
  it('re-runs a running job whose lease expired and finishes it once', async () => {
    const tdb = await freshSqlite();
    const opened = await openDatabase({ databaseUrl: null, dataDir: tdb.dataDir });
    const store = kyselyStore(opened.db, opened.dialect);
    const calls = new Map<string, number>();
    const catalog = testCatalog(calls);
    const accountId = (await new AccountService(store, systemClock).create('lease', 5)).account_id;
    // No consumer yet: the job is only written, like a crash right after a claim.
    const idle = new LocalQueue(store, systemClock, { concurrency: 1, leaseMs: 200, pollMs: 30, retryBaseMs: 50, names: () => catalog.names() }, log);
    const tasks = new TaskService(store, idle, systemClock, 3);
    const task = await tasks.create({ accountId, kind: 'test', input: { mode: 'ok' }, holdMillicredits: 2000, jobName: 'test.work' });
    const now = Date.now();
    const claimed = await store.jobs.claimNext('dead-worker', new Date(now).toISOString(), new Date(now + 200).toISOString(), ['test.work']);
    expect(claimed?.id).toBe(task.id);
    await store.tasks.transition(task.id, ['pending'], { status: 'processing' }, new Date().toISOString());

    const survivor = new LocalQueue(store, systemClock, { concurrency: 1, leaseMs: 200, pollMs: 30, retryBaseMs: 50, names: () => catalog.names() }, log);
    await survivor.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }).run);
    for (let i = 0; i < 100 && (await store.tasks.get(task.id))!.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 30));
    const done = (await store.tasks.get(task.id))!;
    expect(done.status).toBe('done');
    expect(calls.get(task.id)).toBe(1);
    expect((await store.jobs.get(task.id))!.attempts).toBe(2);
    await survivor.close();
    await opened.close();
    await tdb.drop();
  });
});
