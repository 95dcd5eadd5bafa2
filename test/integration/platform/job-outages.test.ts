import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { DependencyUnavailable, TaskFailure } from '../../../src/core/errors.js';
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
/** Each task's job meets the outage its input names this many times, then works. */
const OUTAGES = 3;

function outageCatalog(calls: Map<string, number>) {
  return new JobCatalog().register(
    defineJob({
      name: 'test.outage',
      payload: z.object({}).passthrough(),
      async handle({ task }) {
        const n = (calls.get(task.id) ?? 0) + 1;
        calls.set(task.id, n);
        if (n <= OUTAGES || task.input.always) {
          if (task.input.outage === 'storage') throw new DependencyUnavailable('storage', 'The file storage is not available right now, so nothing was saved.');
          // A full disk as a speech engine reports it: a permanent-looking failure whose words say what happened.
          throw new TaskFailure(
            'The speech engine could not speak this text (Error writing trailer: No space left on device). Change the text or choose another voice.',
          );
        }
        return { result: { ok: true }, costMillicredits: 1000 };
      },
    }),
  );
}

const queues: [string, () => Promise<TestDatabase>, boolean][] = [
  ['local queue on sqlite', freshSqlite, false],
  ['bullmq on postgres', freshPostgres, true],
];

describe.each(queues)('jobs meeting an outage: %s', (_name, fresh, bull) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  const queues: JobQueue[] = [];
  let accountId: string;
  const calls = new Map<string, number>();
  const catalog = outageCatalog(calls);

  async function serve(runnerOpts: { outageGiveUpMs?: number }): Promise<TaskService> {
    const queue = bull
      ? new BullQueue(
          store,
          systemClock,
          {
            redisUrl: REDIS_URL,
            queueName: `cw-outage-jobs-${Math.random().toString(36).slice(2)}`,
            concurrency: 2,
            leaseMs: 5000,
            maxAttempts: 2,
            retryBaseMs: 50,
            dispatchSweepMs: 200,
            dispatchTimeoutMs: 2000,
          },
          log,
        )
      : new LocalQueue(store, systemClock, { concurrency: 2, leaseMs: 5000, pollMs: 20, retryBaseMs: 50, names: () => catalog.names() }, log);
    queues.push(queue);
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0, outageRetryMs: 50, ...runnerOpts }).run);
    queue.startDispatcher();
    return new TaskService(store, queue, systemClock, 2);
  }

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    accountId = (await new AccountService(store, systemClock).create('outages', 20)).account_id;
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await opened.close();
    await tdb.drop();
  });

  async function settled(id: string) {
    for (let i = 0; i < 400; i++) {
      const t = await store.tasks.get(id);
      if (t && (t.status === 'done' || t.status === 'failed')) return t;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('task did not finish');
  }

  it('an outage met more often than the job has attempts is waited out: the task is done, charged once, no attempt spent on it', async () => {
    const tasks = await serve({});
    for (const outage of ['storage', 'disk']) {
      const t = await tasks.create({ accountId, kind: 'test', input: { outage }, holdMillicredits: 2000, jobName: 'test.outage' });
      const done = await settled(t.id);
      expect(done.status, `${outage}: ${done.failedReason}`).toBe('done');
      expect(calls.get(t.id)).toBe(OUTAGES + 1);
      expect((await store.ledger.listForTask(t.id)).filter((e) => e.kind === 'charge')).toHaveLength(1);
      if (!bull) expect((await store.jobs.get(t.id))!.attempts).toBe(1);
    }
  }, 30_000);

  it('past JOB_OUTAGE_GIVE_UP_SECONDS the task fails with a reason that names what was down, and its hold is released', async () => {
    const tasks = await serve({ outageGiveUpMs: 200 });
    const balance = (await store.accounts.get(accountId))!.balanceMillicredits;
    const t = await tasks.create({ accountId, kind: 'test', input: { outage: 'storage', always: true }, holdMillicredits: 2000, jobName: 'test.outage' });
    const failed = await settled(t.id);
    expect(failed.status).toBe('failed');
    expect(failed.failedReason).toMatch(
      /^The task could not finish because the file storage did not answer for \d+ seconds\. Nothing was charged; create the task again\.$/,
    );
    expect(calls.get(t.id)).toBeGreaterThan(1);
    expect((await store.accounts.get(accountId))!.balanceMillicredits).toBe(balance);
  }, 30_000);
});
