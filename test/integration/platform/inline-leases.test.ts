import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskWire } from '../../../src/app/groups/index.js';
import { subscribeWebhooks } from '../../../src/domain/webhooks/webhook-outbox.js';
import { webhookBodies } from '../../../src/api/wire/webhook-body.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import { ABANDONED_REASON, InlineTasks } from '../../../src/domain/tasks/inline-tasks.js';
import { TaskEventBus } from '../../../src/domain/tasks/task-events.js';
import type { Task } from '../../../src/core/task.js';
import { LocalBlobStore } from '../../../src/engines/blobs/local-blob-store.js';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { InlineLeaseSweep } from '../../../src/jobs/schedules/inline-leases.js';
import { FakeLlm } from '../../../src/engines/llm/fake.js';
import { LlmRegistry } from '../../../src/engines/llm/registry.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { TextGenerationService } from '../../../src/domain/text/text-generation-service.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const log = pino({ level: 'silent' });
const LEASE_MS = 30_000;
const HOLD = 500;
/** Renewal timers that never fire inside a test: a test renews by hand, so the clock alone decides. */
const BY_HAND = 3_600_000;

describe.each(databases)('inline task leases on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  /** A second connection (pool) to the same database: what another process would have. */
  let otherOpened: OpenDatabase;
  let store: Store;
  let otherStore: Store;
  /**
   * Where a second sweeper runs at the same time as the first: another process's connection on
   * PostgreSQL. Embedded SQLite is one process with one connection (the driver is synchronous, so
   * two connections in one test process would block each other's BEGIN IMMEDIATE); there two
   * sweeps at once are two callers interleaving on that connection.
   */
  let concurrentStore: Store;
  let accountId: string;
  let events: TaskEventBus;
  const clock = fixedClock(Date.UTC(2025, 5, 1, 12, 0, 0));

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    otherOpened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    otherStore = kyselyStore(otherOpened.db, otherOpened.dialect);
    concurrentStore = opened.dialect === 'postgres' ? otherStore : store;
    const blobs = new LocalBlobStore(join(tdb.dataDir, 'files'), new UrlSigner('secret', 'http://files.test', 3600, () => clock.nowMs()));
    // The real webhook subscriber: a finished task with a webhook_url gets a delivery job in the finishing transaction.
    events = new TaskEventBus();
    subscribeWebhooks(events, { bodyOf: webhookBodies(taskWire(blobs), log), dispatcher: { dispatch: async () => undefined }, clock, maxAttempts: 3 });
    accountId = (await new AccountService(store, clock).create('leases', 100)).account_id;
  });
  afterAll(async () => {
    await otherOpened.close();
    await opened.close();
    await tdb.drop();
  });

  /** One API process running inline tasks on its own connection. */
  const process = (s: Store, renewEveryMs = BY_HAND) => new InlineTasks(s, clock, events, () => null, { leaseMs: LEASE_MS, renewEveryMs });
  const sweeper = (s: Store) => new InlineLeaseSweep(s, process(s), clock, log, { intervalMs: 60_000 });
  const balance = async () => (await store.accounts.get(accountId))!.balanceMillicredits;
  const ledgerOf = async (taskId: string) => (await store.ledger.listForTask(taskId)).map((e) => [e.kind, e.amountMillicredits]);
  const leaseOf = async (taskId: string) =>
    (await opened.db.selectFrom('tasks').select('lease_until').where('id', '=', taskId).executeTakeFirstOrThrow()).lease_until;
  const webhookJobsOf = (taskId: string) => opened.db.selectFrom('jobs').selectAll().where('task_id', '=', taskId).execute();
  const startText = (p: InlineTasks, webhookUrl: string | null = null): Promise<Task> =>
    p.start({
      accountId,
      kind: 'text_generation',
      input: { modelName: 'clipwright-ad-copy', messages: [{ role: 'user', content: 'A lamp' }] },
      holdMillicredits: HOLD,
      webhookUrl,
    });

  it('fails a task whose process died once its lease lapsed: hold released, webhook queued, the reason says what to do', async () => {
    const before = await balance();
    const dying = process(otherStore);
    const task = await startText(dying, 'https://hooks.example.com/clipwright');
    expect(await leaseOf(task.id)).toBe(new Date(clock.nowMs() + LEASE_MS).toISOString());
    expect(await balance()).toBe(before - HOLD);
    // The process dies: nothing renews or finishes the task.
    dying.stopRenewing();

    clock.advance(LEASE_MS);
    expect((await sweeper(store).sweepOnce()).failedTaskIds).toEqual([]);
    expect((await store.tasks.get(task.id))!.status).toBe('processing');

    clock.advance(1);
    expect((await sweeper(store).sweepOnce()).failedTaskIds).toEqual([task.id]);
    const failed = (await store.tasks.get(task.id))!;
    expect(failed).toMatchObject({ status: 'failed', failedReason: ABANDONED_REASON, heldMillicredits: 0, chargedMillicredits: 0, finishedAt: clock.nowIso() });
    expect(failed.failedReason).toMatch(/nothing was charged.*send the request again/);
    expect(await leaseOf(task.id)).toBeNull();
    expect(await balance()).toBe(before);
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
    ]);
    const hooks = await webhookJobsOf(task.id);
    expect(hooks).toHaveLength(1);
    const delivered = JSON.parse(JSON.parse(hooks[0]!.payload).body);
    expect(delivered).toMatchObject({ id: task.id, status: 'failed', failed_reason: ABANDONED_REASON });

    // Failed once: later passes find nothing, however far the clock goes.
    clock.advance(365 * 24 * 3600_000);
    expect((await sweeper(store).sweepOnce()).failedTaskIds).toEqual([]);
    expect(await ledgerOf(task.id)).toHaveLength(2);
  });

  it('leaves a task alone while its process renews the lease, and the owner finishes it as usual', async () => {
    const live = process(store);
    const task = await startText(live);
    for (let i = 0; i < 4; i++) {
      clock.advance(LEASE_MS / 2);
      await live.renewLeases();
    }
    // Two leases' worth of time since the start, but renewed every half lease.
    expect((await sweeper(otherStore).sweepOnce()).failedTaskIds).toEqual([]);
    const done = await live.finish(task.id, { responseText: 'Wake up gently.' }, 200);
    expect(done).toMatchObject({ status: 'done', chargedMillicredits: 200, heldMillicredits: 0 });
    expect(await leaseOf(task.id)).toBeNull();
    clock.advance(10 * LEASE_MS);
    expect((await sweeper(otherStore).sweepOnce()).failedTaskIds).toEqual([]);
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
      ['charge', -200],
    ]);
    live.stopRenewing();
  });

  it('renews on its own timer while a task runs, and stops once it finished', async () => {
    const live = process(store, 20);
    const task = await startText(live);
    const first = await leaseOf(task.id);
    clock.advance(LEASE_MS / 2);
    await until(async () => (await leaseOf(task.id)) !== first);
    expect(await leaseOf(task.id)).toBe(new Date(clock.nowMs() + LEASE_MS).toISOString());
    await live.fail(task.id, 'The model refused.');
    clock.advance(LEASE_MS);
    // Ten beats later, nothing renewed a finished task.
    await new Promise((r) => setTimeout(r, 200));
    expect(await leaseOf(task.id)).toBeNull();
    expect((await store.tasks.get(task.id))!).toMatchObject({ status: 'failed', failedReason: 'The model refused.' });
  });

  it('fails each abandoned task once when two sweeps run at the same time', async () => {
    const before = await balance();
    const dying = process(otherStore);
    const tasks = await Promise.all(Array.from({ length: 6 }, () => startText(dying, 'https://hooks.example.com/twice')));
    dying.stopRenewing();
    clock.advance(LEASE_MS + 1);

    const [a, b] = await Promise.all([sweeper(store).sweepOnce(), sweeper(concurrentStore).sweepOnce()]);
    const all = [...a.failedTaskIds, ...b.failedTaskIds];
    expect(all.sort()).toEqual(tasks.map((t) => t.id).sort());
    for (const t of tasks) {
      expect((await store.tasks.get(t.id))!.status).toBe('failed');
      expect(await ledgerOf(t.id)).toEqual([
        ['hold', -HOLD],
        ['release', HOLD],
      ]);
      expect(await webhookJobsOf(t.id)).toHaveLength(1);
    }
    expect(await balance()).toBe(before);
  });

  it('an owner that stalled past its lease finds the task failed: it loses it, charges nothing, and its generation is told to stop', async () => {
    const before = await balance();
    const stalled = process(store);
    const task = await startText(stalled);
    const lost = stalled.lostSignal(task.id)!;
    clock.advance(LEASE_MS + 1);
    expect((await sweeper(otherStore).sweepOnce()).failedTaskIds).toEqual([task.id]);
    // The owner wakes up: its next renewal finds the task gone and signals the generation.
    await stalled.renewLeases();
    expect(lost.aborted).toBe(true);
    const after = await stalled.finish(task.id, { responseText: 'too late' }, 200);
    expect(after).toMatchObject({ status: 'failed', failedReason: ABANDONED_REASON, chargedMillicredits: 0 });
    expect(after.result.responseText).toBeUndefined();
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
    ]);
    expect(await balance()).toBe(before);
  });

  it('an owner finishing while a sweep fails the task: exactly one of them moves the credits', async () => {
    const before = await balance();
    const owners = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const owner = process(store);
        return { owner, task: await startText(owner) };
      }),
    );
    clock.advance(LEASE_MS + 1);
    await Promise.all([sweeper(concurrentStore).sweepOnce(), ...owners.map(({ owner, task }) => owner.finish(task.id, { responseText: 'done' }, 200))]);
    let charged = 0;
    for (const { task } of owners) {
      const end = (await store.tasks.get(task.id))!;
      const ledger = await ledgerOf(task.id);
      if (end.status === 'done') {
        expect(ledger).toEqual([
          ['hold', -HOLD],
          ['release', HOLD],
          ['charge', -200],
        ]);
        charged += 200;
      } else {
        expect(end.failedReason).toBe(ABANDONED_REASON);
        expect(ledger).toEqual([
          ['hold', -HOLD],
          ['release', HOLD],
        ]);
      }
    }
    expect(await balance()).toBe(before - charged);
  });

  it("a text stream whose process lost the task stops generating and answers with the sweep's reason", async () => {
    const before = await balance();
    const owner = process(store);
    const model = new FakeLlm({ models: ['fake-model'], reply: () => ({ text: 'word '.repeat(200) }), chunkSize: 5 });
    const text = new TextGenerationService(
      new TaskService(store, { dispatch: async () => undefined }, clock, 3),
      owner,
      store,
      new LlmRegistry([model]),
      HOLD,
      1000,
    );
    const task = await text.startStream(accountId, {
      modelName: 'fake-model',
      messages: [{ role: 'user', content: 'Write on.' }],
      systemInstruction: '',
      config: {},
      tools: [],
      toolConfig: null,
    });
    let deltas = 0;
    const final = await text.runStream(task, {
      onDelta: async () => {
        if (++deltas !== 1) return;
        // The process stalls past its lease; another one sweeps; then this one renews again.
        clock.advance(LEASE_MS + 1);
        expect((await sweeper(concurrentStore).sweepOnce()).failedTaskIds).toEqual([task.id]);
        await owner.renewLeases();
      },
    });
    expect(final).toMatchObject({ id: task.id, status: 'failed', failedReason: ABANDONED_REASON, chargedMillicredits: 0 });
    expect(deltas).toBeLessThan(200);
    expect(await ledgerOf(task.id)).toEqual([
      ['hold', -HOLD],
      ['release', HOLD],
    ]);
    expect(await balance()).toBe(before);
  });

  it('sweeps on its own once started, and stops when told', async () => {
    const dying = process(otherStore);
    const first = await startText(dying);
    dying.stopRenewing();
    const timed = new InlineLeaseSweep(store, process(store), clock, log, { intervalMs: 20 });
    timed.start();
    clock.advance(LEASE_MS + 1);
    await until(async () => (await store.tasks.get(first.id))!.status === 'failed');
    await timed.stop();

    const second = await startText(dying);
    dying.stopRenewing();
    clock.advance(LEASE_MS + 1);
    // Ten intervals with the timer stopped: the task is still processing.
    await new Promise((r) => setTimeout(r, 200));
    expect((await store.tasks.get(second.id))!.status).toBe('processing');
    expect((await sweeper(store).sweepOnce()).failedTaskIds).toEqual([second.id]);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
