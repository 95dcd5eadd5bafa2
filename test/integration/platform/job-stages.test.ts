import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/core/clock.js';
import { TaskFailure } from '../../../src/core/errors.js';
import { inStage } from '../../../src/core/stages.js';
import type { Store } from '../../../src/core/store.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { stagedPort } from '../../../src/engines/metrics/job-stages.js';
import { MemoryMetrics } from '../../../src/engines/metrics/memory-metrics.js';
import { LocalQueue } from '../../../src/engines/queue/local-queue.js';
import { JobCatalog } from '../../../src/jobs/job-catalog.js';
import { defineKindJob } from '../../../src/jobs/job-definition.js';
import { JobRunner } from '../../../src/jobs/job-runner.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

/** A port shared by every job, as the platform's are: its calls are stages of whichever job makes them. */
const engine = stagedPort({ speak: async () => new Promise((r) => setTimeout(r, 5)) }, { speak: 'speak' });

const kind = { jobs: { make: 'stages.make' }, inputOf: (t: { input: Record<string, unknown> }) => t.input as { mode: string } };

describe('a job run records its stages whatever its outcome', () => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let queue: LocalQueue;
  let tasks: TaskService;
  let accountId: string;
  const metrics = new MemoryMetrics();
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    tdb = await freshSqlite();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    const catalog = new JobCatalog().register(
      defineKindJob(kind, 'make', async ({ input, run }) => {
        const step = run();
        // The pipeline marks its own stage through the context it gets; the port inside is timed by itself.
        await inStage(step, 'compose', async () => {
          await engine.speak();
          await engine.speak();
        });
        if (input.mode === 'fail') throw new TaskFailure('The input cannot be used.');
        return { result: { made: true }, costMillicredits: 400 };
      }),
    );
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    queue = new LocalQueue(
      store,
      systemClock,
      { concurrency: 2, leaseMs: 5000, pollMs: 30, retryBaseMs: 50, names: () => catalog.names() },
      pino({ level: 'silent' }),
    );
    tasks = new TaskService(store, queue, systemClock, 3);
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, pino({ level: 'info' }, sink), { startDelayMs: 0, metrics }).run);
    accountId = (await new AccountService(store, systemClock).create('s', 20)).account_id;
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

  it('done: the stages in the order they began, the port inside the mark, run last; metrics and credits told', async () => {
    const task = await tasks.create({ accountId, kind: 'stages', input: { mode: 'ok' }, holdMillicredits: 1000, jobName: 'stages.make' });
    const done = await settled(task.id);
    const stages = done.result.stages as { name: string; count: number; wallMs: number; cpuMs: number; startMs: number }[];
    expect(stages.map((s) => [s.name, s.count])).toEqual([
      ['compose', 1],
      ['speak', 2],
      ['run', 1],
    ]);
    expect(stages.every((s) => s.wallMs >= 0 && s.cpuMs >= 0)).toBe(true);
    expect(stages[0]!.startMs).toBeLessThanOrEqual(stages[1]!.startMs);
    expect(lines.find((l) => l.msg === 'job done' && l.taskId === task.id)?.stages).toEqual(stages);
    expect(metrics.stages.filter((s) => s.kind === 'stages').map((s) => s.stage)).toEqual(['compose', 'speak', 'run']);
    expect(metrics.runs).toContainEqual(expect.objectContaining({ kind: 'stages', outcome: 'done' }));
    expect(metrics.creditMoves).toEqual([
      { kind: 'stages', movement: 'held', millicredits: 1000 },
      { kind: 'stages', movement: 'charged', millicredits: 400 },
      { kind: 'stages', movement: 'released', millicredits: 600 },
    ]);
  });

  it('failed: the stages go in the failure’s log line and the metrics; the whole hold is released', async () => {
    metrics.creditMoves.length = 0;
    const task = await tasks.create({ accountId, kind: 'stages', input: { mode: 'fail' }, holdMillicredits: 1000, jobName: 'stages.make' });
    const failed = await settled(task.id);
    expect(failed.status).toBe('failed');
    const line = lines.find((l) => l.msg === 'task failed' && l.taskId === task.id);
    expect(((line?.stages ?? []) as { name: string }[]).map((s) => s.name)).toEqual(['compose', 'speak', 'run']);
    expect(metrics.runs).toContainEqual(expect.objectContaining({ kind: 'stages', outcome: 'failed' }));
    expect(metrics.creditMoves).toEqual([
      { kind: 'stages', movement: 'held', millicredits: 1000 },
      { kind: 'stages', movement: 'charged', millicredits: 0 },
      { kind: 'stages', movement: 'released', millicredits: 1000 },
    ]);
  });

  it('outside a job, the staged port only runs', async () => {
    await expect(engine.speak()).resolves.toBeUndefined();
  });
});
