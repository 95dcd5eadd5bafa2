import type { Logger } from 'pino';
import { TaskWireRegistry, taskWireMappers } from '../api/wire/task-wire-registry.js';
import type { Store } from '../core/store.js';
import type { TaskEventBus } from '../domain/tasks/task-events.js';
import type { Dispatcher } from '../domain/tasks/task-service.js';
import { webhookJob } from '../domain/webhooks/webhook-event.js';
import type { BlobStore } from '../engines/blobs/port.js';
import type { Clock } from '../core/clock.js';
import { anyAddress, publicAddressesOnly } from '../engines/fetch/address-policy.js';
import { HttpWebhookSender } from '../engines/webhook/http-webhook-sender.js';
import type { WebhookSender } from '../engines/webhook/port.js';
import { webhookUrlProblem } from '../engines/webhook/webhook-url.js';
import type { WebhookJobDeps } from '../jobs/handlers/deliver-webhook.js';
import type { Config } from './config.js';

/** The create-time check of `webhook_url`: the same address rules as fetched URLs. */
export function webhookUrlCheck(config: Config): (url: string) => string | null {
  const policy = config.allowPrivateUrls ? anyAddress : publicAddressesOnly;
  return (url) => webhookUrlProblem(url, policy);
}

export function webhookJobDeps(config: Config, store: Store, clock: Clock, sender?: WebhookSender): WebhookJobDeps {
  return {
    accounts: store.accounts,
    sender: sender ?? new HttpWebhookSender({ allowPrivate: config.allowPrivateUrls }),
    clock,
    timeoutMs: config.webhooks.timeoutMs,
    retry: { baseMs: config.webhooks.retryBaseMs, maxDelayMs: config.webhooks.retryMaxDelayMs },
  };
}

/**
 * When a task with a webhook_url finishes, records one delivery job in the finishing transaction
 * (the outbox: durable, at least once) with the task's GET body frozen at that moment, and hands
 * it to the queue after commit.
 */
export function subscribeWebhooks(bus: TaskEventBus, deps: { wire: TaskWireRegistry; dispatcher: Dispatcher; clock: Clock; maxAttempts: number; log: Logger }): void {
  bus.onTaskFinished(async (task, tx) => {
    if (!task.webhookUrl) return;
    const body = JSON.stringify(bodyOf(deps.wire, task, deps.log));
    const job = webhookJob({ ...task, webhookUrl: task.webhookUrl }, body, deps.clock.nowIso(), deps.maxAttempts);
    await tx.jobs.insert(job, deps.clock.nowIso());
    return () => deps.dispatcher.dispatch(job);
  });
}

/** Every group's GET mapper by task kind (see `api/wire/task-wire-registry.ts`). */
export function taskWire(blobs: BlobStore): TaskWireRegistry {
  return new TaskWireRegistry(taskWireMappers(blobs));
}

/** A mapper bug must not undo the task's completion (this runs inside its transaction). */
function bodyOf(wire: TaskWireRegistry, task: Parameters<TaskWireRegistry['toWire']>[0], log: Logger): Record<string, unknown> {
  if (!wire.has(task.kind)) log.warn({ kind: task.kind, taskId: task.id }, 'no wire mapper for this task kind; the webhook carries the task envelope only');
  try {
    return wire.toWire(task);
  } catch (err) {
    log.error({ err, kind: task.kind, taskId: task.id }, 'wire mapper failed; the webhook carries the task envelope only');
    return new TaskWireRegistry({}).toWire(task);
  }
}
