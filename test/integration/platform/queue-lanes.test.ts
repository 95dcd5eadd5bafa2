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

/** A render-like job that holds its slot until the test lets it go, and a light one that is quick. */
function lanesCatalog(gate: { open: Promise<void> }, started: string[]) {
  return new JobCatalog()
    .register(
      defineJob({
        name: 'test.render',
        payload: z.object({}).passthrough(),
        async handle({ task }) {
          started.push(`render:${task.id}`);
          await gate.open;
          return { result: {}, costMillicredits: 0 };
        },
      }),
    )
    .register(
      defineJob({
        name: 'test.speak',
        lane: 'light',
        payload: z.object({}).passthrough(),
        async handle({ task }) {
          started.push(`speak:${task.id}`);
          return { result: { spoken: true }, costMillicredits: 0 };
        },
      }),
    );
}

const queues: [string, () => Promise<TestDatabase>, boolean][] = [
  ['local queue on sqlite', freshSqlite, false],
  ['bullmq on postgres', freshPostgres, true],
];

describe.each(queues)('lanes: %s', (_name, fresh, bull) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let queue: JobQueue;
  let tasks: TaskService;
  let accountId: string;
  let release!: () => void;
  const gate = { open: new Promise<void>((r) => (release = r)) };
  const started: string[] = [];

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    const catalog = lanesCatalog(gate, started);
    const lanes = { laneOf: (n: string) => catalog.laneOf(n), lightConcurrency: 1 };
    queue = bull
      ? new BullQueue(
          store,
          systemClock,
          {
            redisUrl: REDIS_URL,
            queueName: `cw-lanes-${Math.random().toString(36).slice(2)}`,
            concurrency: 1,
            leaseMs: 10_000,
            maxAttempts: 3,
            retryBaseMs: 50,
            dispatchSweepMs: 200,
            dispatchTimeoutMs: 2000,
            lanes,
          },
          log,
        )
      : new LocalQueue(store, systemClock, { concurrency: 1, leaseMs: 10_000, pollMs: 30, retryBaseMs: 50, names: () => catalog.names(), lanes }, log);
    tasks = new TaskService(store, queue, systemClock, 3);
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }).run);
    queue.startDispatcher();
    accountId = (await new AccountService(store, systemClock).create('lanes', 20)).account_id;
  });
  afterAll(async () => {
    release();
    await queue.close();
    await opened.close();
    await tdb.drop();
  });

  async function until(id: string, status: string) {
    for (let i = 0; i < 300; i++) {
      const t = await store.tasks.get(id);
      if (t?.status === status) return t;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error(`task ${id} never became ${status}`);
  }

  it('runs a light job sent behind queued renders at once, while every render slot is taken', async () => {
    const renders = [];
    for (let i = 0; i < 4; i++) renders.push(await tasks.create({ accountId, kind: 'test', input: {}, holdMillicredits: 0, jobName: 'test.render' }));
    await until(renders[0]!.id, 'processing');
    const speech = await tasks.create({ accountId, kind: 'test', input: {}, holdMillicredits: 0, jobName: 'test.speak' });
    const done = await until(speech.id, 'done');
    expect(done.result).toEqual({ spoken: true, stages: [expect.objectContaining({ name: 'run' })] });
    // One render slot: the first render holds it; the other three still wait behind it.
    expect(started.filter((s) => s.startsWith('render:'))).toEqual([`render:${renders[0]!.id}`]);
    for (const r of renders.slice(1)) expect((await store.tasks.get(r.id))!.status).toBe('pending');
    release();
    for (const r of renders) await until(r.id, 'done');
  });
});

describe('job catalog lanes', () => {
  it('puts side jobs in the light lane and jobs without a lane in the heavy one', () => {
    const catalog = lanesCatalog({ open: Promise.resolve() }, []);
    expect(catalog.laneOf('test.speak')).toBe('light');
    expect(catalog.laneOf('test.render')).toBe('heavy');
    expect(catalog.laneOf('unknown')).toBe('heavy');
  });
});
