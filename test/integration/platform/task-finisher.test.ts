import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { hold } from '../../../src/domain/credits/credit-service.js';
import { newId } from '../../../src/core/ids.js';
import type { Repos, Store } from '../../../src/core/store.js';
import { InlineTasks } from '../../../src/domain/tasks/inline-tasks.js';
import { TaskEventBus } from '../../../src/domain/tasks/task-events.js';
import { runAfterCommit, TaskFinisher } from '../../../src/domain/tasks/task-finisher.js';
import type { Task } from '../../../src/core/task.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const DAY_MS = 24 * 3600 * 1000;
const HOLD = 500;

/** The finisher against the real store on each database: the SQL it moves is the point. */
describe.each(databases)('task finisher on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let accountId: string;
  const clock = fixedClock(Date.UTC(2025, 5, 1, 12, 0, 0));
  /** What the listener saw, and whether it was called inside the finishing transaction. */
  let told: { id: string; status: string; inTx: boolean }[];
  let events: TaskEventBus;
  let finisher: TaskFinisher;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    accountId = (await new AccountService(store, clock).create('finisher', 100)).account_id;
    events = new TaskEventBus().onTaskFinished(async (task, tx) => {
      told.push({ id: task.id, status: task.status, inTx: tx !== store });
    });
    finisher = new TaskFinisher(events);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  const balance = async () => (await store.accounts.get(accountId))!.balanceMillicredits;
  const ledgerOf = async (taskId: string) => (await store.ledger.listForTask(taskId)).map((e) => [e.kind, e.amountMillicredits]);
  const columnsOf = (taskId: string) => opened.db.selectFrom('tasks').select(['purge_at', 'lease_until']).where('id', '=', taskId).executeTakeFirstOrThrow();

  /** A running task holding `HOLD`, leased like an inline one, with some result already written. */
  async function running(input: Record<string, unknown> = {}): Promise<Task> {
    told = [];
    const at = clock.nowIso();
    const task: Task = {
      id: newId(),
      accountId,
      kind: 'test_kind',
      status: 'processing',
      progress: 40,
      failedReason: null,
      input,
      result: { plan: 'kept' },
      heldMillicredits: HOLD,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    };
    await store.transaction(async (tx) => {
      await hold(tx, accountId, task.id, HOLD, at);
      await tx.tasks.insert(task);
      await tx.tasks.renewLease(task.id, new Date(clock.nowMs() + 30_000).toISOString());
    });
    return task;
  }

  /** Reads the task in a transaction and lets `step` finish it there, as both callers do. */
  const inTx = <T>(taskId: string, step: (tx: Repos, current: Task) => Promise<T>) => store.transaction(async (tx) => step(tx, (await tx.tasks.get(taskId))!));

  it('finishDone: done at 100 %, result merged, hold settled at the actual cost, lease cleared, events told in the transaction', async () => {
    const task = await running();
    const before = await balance();
    const at = clock.nowIso();
    const finished = await inTx(task.id, (tx, current) => finisher.finishDone(tx, current, { result: { outputKey: 'k' }, costMillicredits: 300 }, at));
    expect(finished!.task).toMatchObject({
      status: 'done',
      progress: 100,
      result: { plan: 'kept', outputKey: 'k' },
      heldMillicredits: 0,
      chargedMillicredits: 300,
      finishedAt: at,
    });
    expect(await store.tasks.get(task.id)).toEqual(finished!.task);
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
      ['charge', -300],
    ]);
    expect(await balance()).toBe(before + HOLD - 300);
    // No retention asked: nothing for the sweep; the result does not mention an expiry.
    expect(await columnsOf(task.id)).toEqual({ purge_at: null, lease_until: null });
    expect(finished!.task.result).not.toHaveProperty('expiresAt');
    expect(told).toEqual([{ id: task.id, status: 'done', inTx: true }]);
  });

  it('finishDone caps the charge at the hold and never charges a negative cost', async () => {
    const over = await running();
    const capped = await inTx(over.id, (tx, current) => finisher.finishDone(tx, current, { result: {}, costMillicredits: HOLD * 3 }, clock.nowIso()));
    expect(capped!.task.chargedMillicredits).toBe(HOLD);
    expect(await ledgerOf(over.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
      ['charge', -HOLD],
    ]);

    const under = await running();
    const free = await inTx(under.id, (tx, current) => finisher.finishDone(tx, current, { result: {}, costMillicredits: -5 }, clock.nowIso()));
    expect(free!.task.chargedMillicredits).toBe(0);
    expect(await ledgerOf(under.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
    ]);
  });

  it('finishDone schedules a task with a retention: expiresAt in the result and purge_at for the sweep', async () => {
    const task = await running({ retentionDays: 3 });
    const at = clock.nowIso();
    const finished = await inTx(task.id, (tx, current) => finisher.finishDone(tx, current, { result: {}, costMillicredits: 100 }, at));
    const expiresAt = new Date(clock.nowMs() + 3 * DAY_MS).toISOString();
    expect(finished!.task.result.expiresAt).toBe(expiresAt);
    expect((await columnsOf(task.id)).purge_at).toBe(expiresAt);
  });

  it('finishFailed: failed with the reason, the whole hold released, lease cleared, events told', async () => {
    const task = await running();
    const before = await balance();
    const at = clock.nowIso();
    const failed = await inTx(task.id, (tx, current) => finisher.finishFailed(tx, current, 'The input was unusable.', at));
    expect(failed!.task).toMatchObject({
      status: 'failed',
      failedReason: 'The input was unusable.',
      heldMillicredits: 0,
      chargedMillicredits: 0,
      finishedAt: at,
      result: { plan: 'kept' },
    });
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
    ]);
    expect(await balance()).toBe(before + HOLD);
    expect(await columnsOf(task.id)).toEqual({ purge_at: null, lease_until: null });
    expect(told).toEqual([{ id: task.id, status: 'failed', inTx: true }]);
  });

  it('a stale snapshot of a task someone else finished moves no credit and tells nobody (a job run twice)', async () => {
    const task = await running();
    // Both runs read the task while it was processing; the first one finishes it.
    const stale = (await store.tasks.get(task.id))!;
    await inTx(task.id, (tx, current) => finisher.finishDone(tx, current, { result: {}, costMillicredits: 300 }, clock.nowIso()));
    const afterFirst = { balance: await balance(), ledger: await ledgerOf(task.id), task: await store.tasks.get(task.id) };
    told = [];

    expect(await store.transaction((tx) => finisher.finishDone(tx, stale, { result: { other: true }, costMillicredits: 400 }, clock.nowIso()))).toBeNull();
    expect(await store.transaction((tx) => finisher.finishFailed(tx, stale, 'late', clock.nowIso()))).toBeNull();
    expect({ balance: await balance(), ledger: await ledgerOf(task.id), task: await store.tasks.get(task.id) }).toEqual(afterFirst);
    expect(told).toEqual([]);
  });

  it('a task that is not processing is left alone', async () => {
    const task = await running();
    const done = (await inTx(task.id, (tx, current) => finisher.finishDone(tx, current, { result: {}, costMillicredits: 0 }, clock.nowIso())))!.task;
    told = [];
    expect(await store.transaction((tx) => finisher.finishFailed(tx, done, 'no', clock.nowIso()))).toBeNull();
    expect((await store.tasks.get(task.id))!.status).toBe('done');
    expect(told).toEqual([]);
  });

  it('a listener that throws rolls the whole finish back: still processing, hold still held', async () => {
    const task = await running();
    const before = await balance();
    const failing = new TaskFinisher(
      new TaskEventBus().onTaskFinished(async () => {
        throw new Error('outbox write failed');
      }),
    );
    await expect(inTx(task.id, (tx, current) => failing.finishDone(tx, current, { result: {}, costMillicredits: 100 }, clock.nowIso()))).rejects.toThrow(
      'outbox write failed',
    );
    expect(await store.tasks.get(task.id)).toMatchObject({ status: 'processing', heldMillicredits: HOLD });
    expect(await ledgerOf(task.id)).toEqual([['hold', -HOLD]]);
    expect(await balance()).toBe(before);
  });

  it("an inline task is finished by the same rules: a retention in its input is scheduled like a job's", async () => {
    told = [];
    const inline = new InlineTasks(store, clock, events, () => null, { leaseMs: 30_000, renewEveryMs: 3_600_000 });
    const task = await inline.start({ accountId, kind: 'text_generation', input: { retentionDays: 2 }, holdMillicredits: HOLD });
    const finished = await inline.finish(task.id, { text: 'hi' }, 200);
    const expiresAt = new Date(clock.nowMs() + 2 * DAY_MS).toISOString();
    expect(finished).toMatchObject({ status: 'done', chargedMillicredits: 200, result: { text: 'hi', expiresAt } });
    expect(await columnsOf(task.id)).toEqual({ purge_at: expiresAt, lease_until: null });
    expect(told).toEqual([{ id: task.id, status: 'done', inTx: true }]);
  });
});

describe('runAfterCommit', () => {
  it('runs every hook in order and reports a failing one without stopping the rest', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const hooks = [
      async () => void ran.push('a'),
      async () => {
        throw new Error('queue down');
      },
      async () => void ran.push('c'),
    ];
    await runAfterCommit({ task: {} as Task, afterCommit: hooks }, (err) => errors.push(err));
    expect(ran).toEqual(['a', 'c']);
    expect(errors).toHaveLength(1);
    await runAfterCommit(null, (err) => errors.push(err));
    expect(errors).toHaveLength(1);
  });
});
