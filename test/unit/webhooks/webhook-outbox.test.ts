import { describe, expect, it } from 'vitest';
import { TaskWireRegistry } from '../../../src/api/wire/task-wire-registry.js';
import { taskEnvelope } from '../../../src/api/wire/task.js';
import { webhookBodies } from '../../../src/api/wire/webhook-body.js';
import type { Repos } from '../../../src/core/store.js';
import type { JobRecord } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { TaskEventBus } from '../../../src/domain/tasks/task-events.js';
import { subscribeWebhooks } from '../../../src/domain/webhooks/webhook-outbox.js';
import { WEBHOOK_JOB } from '../../../src/domain/webhooks/webhook-event.js';

const task: Task = {
  id: 't-1',
  accountId: 'a-1',
  kind: 'demo',
  status: 'done',
  progress: 100,
  failedReason: null,
  input: {},
  result: { answer: 42 },
  heldMillicredits: 0,
  chargedMillicredits: 0,
  webhookUrl: 'https://hooks.test/x',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:05.000Z',
  finishedAt: '2025-01-01T00:00:05.000Z',
};
const clock = { nowMs: () => Date.parse('2025-01-01T00:00:06.000Z'), nowIso: () => '2025-01-01T00:00:06.000Z' };

function recordingTx() {
  const inserted: JobRecord[] = [];
  return {
    inserted,
    tx: {
      jobs: {
        insert: async (job: JobRecord) => {
          inserted.push(job);
        },
      },
    } as unknown as Repos,
  };
}

describe('webhook outbox', () => {
  it("records the delivery job in the finishing transaction with the task's body, and dispatches it only after commit", async () => {
    const bus = new TaskEventBus();
    const dispatched: JobRecord[] = [];
    subscribeWebhooks(bus, {
      bodyOf: (t) => ({ id: t.id, answer: (t.result as { answer: number }).answer }),
      dispatcher: {
        dispatch: async (job) => {
          dispatched.push(job);
        },
      },
      clock: clock as never,
      maxAttempts: 4,
    });
    const { inserted, tx } = recordingTx();
    const after = await bus.taskFinished(task, tx);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toMatchObject({ taskId: 't-1', name: WEBHOOK_JOB, maxAttempts: 4 });
    expect(inserted[0]!.payload).toMatchObject({ accountId: 'a-1', url: 'https://hooks.test/x', body: JSON.stringify({ id: 't-1', answer: 42 }) });
    expect(dispatched).toEqual([]);
    await Promise.all(after.map((hook) => hook()));
    expect(dispatched).toEqual(inserted);
  });

  it('a task without a webhook_url records nothing', async () => {
    const bus = new TaskEventBus();
    subscribeWebhooks(bus, {
      bodyOf: () => {
        throw new Error('not reached');
      },
      dispatcher: { dispatch: async () => undefined },
      clock: clock as never,
      maxAttempts: 4,
    });
    const { inserted, tx } = recordingTx();
    expect(await bus.taskFinished({ ...task, webhookUrl: null }, tx)).toEqual([]);
    expect(inserted).toEqual([]);
  });
});

describe('webhook bodies', () => {
  const logged: string[] = [];
  const log = {
    warn: (_f: Record<string, unknown>, m: string) => logged.push(`warn: ${m}`),
    error: (_f: Record<string, unknown>, m: string) => logged.push(`error: ${m}`),
  };

  it("is the kind's GET shape; a failing mapper falls back to the envelope (the completion stands) and says why", () => {
    const bodyOf = webhookBodies(
      new TaskWireRegistry({
        demo: (t) => ({ id: t.id, shape: 'demo' }),
        broken: () => {
          throw new Error('bug');
        },
      }),
      log,
    );
    expect(bodyOf(task)).toEqual({ id: 't-1', shape: 'demo' });
    expect(logged).toEqual([]);
    expect(bodyOf({ ...task, kind: 'broken' })).toEqual(taskEnvelope({ ...task, kind: 'broken' }));
    expect(logged).toEqual(['error: wire mapper failed; the webhook carries the task envelope only']);
  });

  it('a kind without a mapper carries the envelope, with a warning', () => {
    logged.length = 0;
    const bodyOf = webhookBodies(new TaskWireRegistry({}), log);
    expect(bodyOf({ ...task, kind: 'unknown' })).toEqual(taskEnvelope({ ...task, kind: 'unknown' }));
    expect(logged).toEqual(['warn: no wire mapper for this task kind; the webhook carries the task envelope only']);
  });
});
