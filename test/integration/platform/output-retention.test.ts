import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { TaskNotReady } from '../../../src/core/errors.js';
import type { Store } from '../../../src/core/store.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { expiredResult } from '../../../src/domain/tasks/retention.js';
import type { Task } from '../../../src/core/task.js';
import { LocalBlobStore } from '../../../src/engines/blobs/local-blob-store.js';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { JobCatalog } from '../../../src/jobs/job-catalog.js';
import { defineJob } from '../../../src/jobs/job-definition.js';
import { JobRunner } from '../../../src/jobs/job-runner.js';
import { OutputRetentionSweep } from '../../../src/jobs/schedules/output-retention.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const log = pino({ level: 'silent' });
const DAY_MS = 24 * 3600 * 1000;
const LEASE_MS = 60_000;

/** A job that leaves the files a real one does: output, thumbnail and a plan file under the task's folder. */
function filesJob(blobs: LocalBlobStore) {
  return defineJob({
    name: 'test.files',
    payload: z.object({}).passthrough(),
    async handle({ task }) {
      const prefix = `${task.accountId}/${task.id}`;
      await blobs.putBuffer(`${prefix}/output.mp4`, Buffer.from('video bytes'));
      await blobs.putBuffer(`${prefix}/thumbnail.jpg`, Buffer.from('picture bytes'));
      await blobs.putBuffer(`${prefix}/plan/scene-1.json`, Buffer.from('{}'));
      return {
        result: { outputKey: `${prefix}/output.mp4`, thumbnailKey: `${prefix}/thumbnail.jpg`, planDir: `${prefix}/plan/`, durationSeconds: 2 },
        costMillicredits: 700,
      };
    },
  });
}

describe.each(databases)('output retention on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  /** A second connection (pool) to the same database: what another worker process would have. */
  let otherOpened: OpenDatabase;
  let store: Store;
  let otherStore: Store;
  let blobs: LocalBlobStore;
  let tasks: TaskService;
  let runner: JobRunner;
  let accountId: string;
  const clock = fixedClock(Date.UTC(2025, 5, 1, 12, 0, 0));

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    otherOpened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    otherStore = kyselyStore(otherOpened.db, otherOpened.dialect);
    blobs = new LocalBlobStore(join(tdb.dataDir, 'files'), new UrlSigner('secret', 'http://files.test', 3600, () => clock.nowMs()));
    tasks = new TaskService(store, { dispatch: async () => undefined }, clock, 3);
    runner = new JobRunner(store, new JobCatalog().register(filesJob(blobs)), clock, log, { startDelayMs: 0, tempRoot: join(tdb.dataDir, 'tmp') });
    accountId = (await new AccountService(store, clock).create('retention', 100)).account_id;
  });
  afterAll(async () => {
    await otherOpened.close();
    await opened.close();
    await tdb.drop();
  });

  const sweeper = (s: Store) => new OutputRetentionSweep(s, blobs, clock, log, { intervalMs: 60_000, leaseMs: LEASE_MS });
  const fileOf = (key: string) => join(tdb.dataDir, 'files', key);

  /** Creates a task and runs its job to done, as a worker would. */
  async function finished(retentionDays: number | null): Promise<Task> {
    const created = await tasks.create({
      accountId,
      kind: 'test_files',
      input: { note: 'kept' },
      holdMillicredits: 1000,
      jobName: 'test.files',
      retentionDays,
    });
    const job = await store.jobs.get(created.id);
    expect(await runner.run(job!, { signal: new AbortController().signal, attempt: 1, maxAttempts: 3 })).toBe('done');
    return (await store.tasks.get(created.id))!;
  }

  it('gives a task with a retention its expiry when it is done, and one without none', async () => {
    const kept = await finished(null);
    const expiring = await finished(2);
    expect(kept.result.expiresAt).toBeUndefined();
    expect(expiring.status).toBe('done');
    expect(Date.parse(expiring.result.expiresAt as string) - Date.parse(expiring.finishedAt!)).toBe(2 * DAY_MS);
    expect(expiring.input).toMatchObject({ note: 'kept', retentionDays: 2 });
    // Nothing is due until the expiry.
    clock.advance(2 * DAY_MS - 1000);
    expect((await sweeper(store).sweepOnce()).expiredTaskIds).toEqual([]);
    clock.advance(2000);
    expect((await sweeper(store).sweepOnce()).expiredTaskIds).toEqual([expiring.id]);
    expect(existsSync(fileOf(kept.result.outputKey as string))).toBe(true);
  });

  it('deletes the files of expired tasks once when two workers sweep at the same time; the task stays done and charged', async () => {
    const expiring = await Promise.all(Array.from({ length: 6 }, () => finished(1)));
    const kept = await finished(null);
    const balanceBefore = (await store.accounts.get(accountId))!.balanceMillicredits;
    const ledgerBefore = (await store.ledger.listForAccount(accountId)).length;
    clock.advance(DAY_MS + 1);

    const [a, b] = await Promise.all([sweeper(store).sweepOnce(), sweeper(otherStore).sweepOnce()]);
    const all = [...a.expiredTaskIds, ...b.expiredTaskIds];
    expect(all.sort()).toEqual(expiring.map((t) => t.id).sort());
    expect(new Set(all).size).toBe(all.length);

    for (const before of expiring) {
      const after = (await store.tasks.get(before.id))!;
      expect(after).toMatchObject({ status: 'done', chargedMillicredits: 700, finishedAt: before.finishedAt });
      expect(after.result).toEqual({ ...before.result, outputKey: null, thumbnailKey: null, planDir: null, outputExpired: true });
      expect(existsSync(fileOf(`${accountId}/${before.id}`))).toBe(false);
    }
    expect((await store.tasks.get(kept.id))!.result.outputKey).toBe(kept.result.outputKey);
    expect(existsSync(fileOf(kept.result.outputKey as string))).toBe(true);
    expect(existsSync(fileOf(kept.result.thumbnailKey as string))).toBe(true);
    // Expiry moves no credits.
    expect((await store.accounts.get(accountId))!.balanceMillicredits).toBe(balanceBefore);
    expect(await store.ledger.listForAccount(accountId)).toHaveLength(ledgerBefore);
    // Done means done: later passes find nothing, however far the clock goes.
    clock.advance(365 * DAY_MS);
    expect((await sweeper(store).sweepOnce()).expiredTaskIds).toEqual([]);
  });

  it('takes a task again when the sweeper that claimed it died before deleting its files', async () => {
    const task = await finished(1);
    clock.advance(DAY_MS);
    const [due] = (await store.tasks.duePurges(clock.nowIso(), 10)).filter((d) => d.task.id === task.id);
    // A sweeper claims it and dies: the task already reads as expired, the files are still there.
    const leaseUntil = new Date(clock.nowMs() + LEASE_MS).toISOString();
    expect(await store.tasks.claimPurge(due!, expiredResult(due!.task), leaseUntil, clock.nowIso())).not.toBeNull();
    expect(await otherStore.tasks.claimPurge(due!, expiredResult(due!.task), leaseUntil, clock.nowIso())).toBeNull();
    expect(existsSync(fileOf(task.result.outputKey as string))).toBe(true);
    expect((await sweeper(store).sweepOnce()).expiredTaskIds).toEqual([]);

    clock.advance(LEASE_MS + 1);
    expect((await sweeper(otherStore).sweepOnce()).expiredTaskIds).toEqual([task.id]);
    expect(existsSync(fileOf(`${accountId}/${task.id}`))).toBe(false);
    expect((await store.tasks.get(task.id))!.result).toMatchObject({ outputExpired: true, outputKey: null });
    clock.advance(LEASE_MS + 1);
    expect((await sweeper(store).sweepOnce()).expiredTaskIds).toEqual([]);
  });

  it('refuses a follow-up on a task whose files expired', async () => {
    const task = await finished(1);
    clock.advance(DAY_MS);
    await sweeper(store).sweepOnce();
    const followUp = tasks.followUp(accountId, task.id, ['test_files'], {
      step: 'render',
      holdMillicredits: 0,
      jobName: 'test.files',
      resultReset: {},
      ready: () => true,
    });
    await expect(followUp).rejects.toBeInstanceOf(TaskNotReady);
    await expect(followUp).rejects.toThrow(/expired/);
    expect((await store.tasks.get(task.id))!.status).toBe('done');
  });

  it('sweeps on its own once started, and stops when told', async () => {
    const first = await finished(1);
    const timed = new OutputRetentionSweep(store, blobs, clock, log, { intervalMs: 20 });
    timed.start();
    clock.advance(DAY_MS);
    await until(async () => (await store.tasks.get(first.id))!.result.outputExpired === true);
    await timed.stop();

    const second = await finished(1);
    clock.advance(DAY_MS);
    // Ten intervals with the timer stopped: the task keeps its files.
    await new Promise((r) => setTimeout(r, 200));
    expect((await store.tasks.get(second.id))!.result.outputExpired).toBeUndefined();
    expect(existsSync(fileOf(second.result.outputKey as string))).toBe(true);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
