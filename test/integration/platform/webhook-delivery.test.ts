import { createHmac } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TaskWireRegistry } from '../../../src/api/wire/task-wire-registry.js';
import { subscribeWebhooks } from '../../../src/domain/webhooks/webhook-outbox.js';
import { webhookBodies } from '../../../src/api/wire/webhook-body.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { TaskFailure } from '../../../src/core/errors.js';
import type { JobRecord, Store } from '../../../src/core/store.js';
import { TaskEventBus } from '../../../src/domain/tasks/task-events.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import { systemClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { BullQueue } from '../../../src/engines/queue/bullmq-queue.js';
import { LocalQueue } from '../../../src/engines/queue/local-queue.js';
import type { JobQueue } from '../../../src/engines/queue/port.js';
import { HttpWebhookSender } from '../../../src/engines/webhook/index.js';
import { deliverWebhookJob } from '../../../src/jobs/handlers/deliver-webhook.js';
import { JobCatalog } from '../../../src/jobs/job-catalog.js';
import { defineJob } from '../../../src/jobs/job-definition.js';
import { JobRunner } from '../../../src/jobs/job-runner.js';
import { freshPostgres, freshSqlite, REDIS_URL, type TestDatabase } from '../../helpers/databases.js';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

const log = pino({ level: 'silent' });
const KIND = 'test.kind';
const SECRET = 'whsec_queue_test_secret_0123';

/** The GET shape of the test kind; the webhook body must be exactly this, serialised. */
const wire = new TaskWireRegistry({
  [KIND]: (t) => ({
    id: t.id,
    status: t.status,
    failed_reason: t.failedReason,
    answer: t.result.answer ?? null,
    step: t.result.step ?? null,
    updated_at: t.updatedAt,
  }),
});

const signed = (d: Delivery) =>
  d.headers['x-webhook-signature'] === `sha256=${createHmac('sha256', SECRET).update(`${d.headers['x-webhook-timestamp']}.${d.rawBody}`).digest('hex')}`;

const queues: [string, () => Promise<TestDatabase>, boolean][] = [
  ['local queue on sqlite', freshSqlite, false],
  ['local queue on postgres', freshPostgres, false],
  ['bullmq on postgres', freshPostgres, true],
];

describe.each(queues)('webhook delivery, %s', (_name, fresh, bull) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let queue: JobQueue;
  let tasks: TaskService;
  let receiver: WebhookReceiver;
  let accountId: string;
  /** Simulates a crash between the commit and the hand-off to the queue. */
  let loseHandOffs = false;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    const catalog = new JobCatalog()
      .register(
        defineJob({
          name: 'test.work',
          payload: z.object({ step: z.string().optional() }).passthrough(),
          async handle({ task, payload }) {
            if (task.input.mode === 'fail') throw new TaskFailure('The input cannot be used: test failure.');
            return { result: { answer: 42, step: payload.step ?? 'create' }, costMillicredits: 0 };
          },
        }),
      )
      .register(
        deliverWebhookJob({
          accounts: store.accounts,
          sender: new HttpWebhookSender({ allowPrivate: true }),
          clock: systemClock,
          timeoutMs: 2000,
          retry: { baseMs: 40, maxDelayMs: 400 },
        }),
      );
    queue = bull
      ? new BullQueue(
          store,
          systemClock,
          {
            redisUrl: REDIS_URL,
            queueName: `cw-test-hooks-${Math.random().toString(36).slice(2)}`,
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
    const bus = new TaskEventBus();
    const handOff = {
      dispatch: async (job: JobRecord) => {
        if (loseHandOffs) throw new Error('process died before the hand-off');
        await queue.dispatch(job);
      },
    };
    subscribeWebhooks(bus, { bodyOf: webhookBodies(wire, log), dispatcher: handOff, clock: systemClock, maxAttempts: 4 });
    await queue.startConsuming(new JobRunner(store, catalog, systemClock, log, { startDelayMs: 0 }, bus).run);
    queue.startDispatcher();
    const accounts = new AccountService(store, systemClock);
    const creds = await accounts.create('hooks', 5);
    accountId = creds.account_id;
    await accounts.setWebhookSecret(creds.api_id, SECRET);
  });
  afterAll(async () => {
    await queue?.close();
    await opened?.close();
    await tdb?.drop();
    await receiver?.close();
  });

  async function settled(id: string) {
    for (let i = 0; i < 300; i++) {
      const t = await store.tasks.get(id);
      if (t && (t.status === 'done' || t.status === 'failed')) return t;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('task did not finish');
  }
  const create = (mode: string, path: string) =>
    tasks.create({ accountId, kind: KIND, input: { mode }, holdMillicredits: 0, jobName: 'test.work', webhookUrl: receiver.url(path) });

  it("delivers the finished task's GET body, signed", async () => {
    const task = await create('ok', '/done');
    const done = await settled(task.id);
    const [d] = await receiver.waitFor('/done', 1);
    expect(d!.rawBody).toBe(JSON.stringify(wire.toWire(done)));
    expect(JSON.parse(d!.rawBody)).toMatchObject({ id: task.id, status: 'done', answer: 42 });
    expect(signed(d!)).toBe(true);
  });

  it('retries a receiver that fails twice, with the same X-Webhook-Id, until it accepts', async () => {
    receiver.script('/flaky', 503, 500);
    const task = await create('ok', '/flaky');
    await settled(task.id);
    const ds = await receiver.waitFor('/flaky', 3);
    expect(new Set(ds.map((d) => d.headers['x-webhook-id'])).size).toBe(1);
    expect(new Set(ds.map((d) => d.rawBody)).size).toBe(1);
    expect(ds.every(signed)).toBe(true);
    const eventId = String(ds[0]!.headers['x-webhook-id']);
    for (let i = 0; i < 100 && (await store.jobs.get(eventId))?.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 30));
    expect((await store.jobs.get(eventId))?.status).toBe('done');
  });

  it('delivers a failed task', async () => {
    const task = await create('fail', '/failed');
    const failed = await settled(task.id);
    const [d] = await receiver.waitFor('/failed', 1);
    expect(d!.rawBody).toBe(JSON.stringify(wire.toWire(failed)));
    expect(JSON.parse(d!.rawBody)).toMatchObject({ status: 'failed', failed_reason: 'The input cannot be used: test failure.' });
  });

  it('delivers again, as a new event, when a follow-up finishes', async () => {
    const task = await create('ok', '/follow');
    await settled(task.id);
    const [first] = await receiver.waitFor('/follow', 1);
    await tasks.followUp(accountId, task.id, [KIND], {
      step: 'render',
      holdMillicredits: 0,
      jobName: 'test.work',
      resultReset: { answer: null },
      ready: () => true,
    });
    const rendered = await settled(task.id);
    const [, second] = await receiver.waitFor('/follow', 2);
    expect(JSON.parse(first!.rawBody)).toMatchObject({ status: 'done', step: 'create' });
    expect(second!.rawBody).toBe(JSON.stringify(wire.toWire(rendered)));
    expect(JSON.parse(second!.rawBody)).toMatchObject({ status: 'done', step: 'render' });
    expect(second!.headers['x-webhook-id']).not.toBe(first!.headers['x-webhook-id']);
  });

  it('still delivers when the hand-off to the queue is lost after commit (the job row is the outbox)', async () => {
    loseHandOffs = true;
    try {
      const task = await create('ok', '/outbox');
      await settled(task.id);
      const [d] = await receiver.waitFor('/outbox', 1);
      expect(JSON.parse(d!.rawBody)).toMatchObject({ id: task.id, status: 'done' });
    } finally {
      loseHandOffs = false;
    }
  });

  it('gives up after the configured attempts and leaves the task alone', async () => {
    receiver.fallback('/dead', 500);
    const task = await create('ok', '/dead');
    const done = await settled(task.id);
    const ds = await receiver.waitFor('/dead', 4);
    const eventId = String(ds[0]!.headers['x-webhook-id']);
    for (let i = 0; i < 100 && (await store.jobs.get(eventId))?.status !== 'failed'; i++) await new Promise((r) => setTimeout(r, 30));
    expect(await store.jobs.get(eventId)).toMatchObject({ status: 'failed', maxAttempts: 4 });
    expect(receiver.at('/dead')).toHaveLength(4);
    expect(await store.tasks.get(task.id)).toEqual(done);
  });
});
