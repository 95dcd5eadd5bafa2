import type { Clock } from '../../core/clock.js';
import type { Task } from '../../core/task.js';
import type { TaskEventBus } from '../tasks/task-events.js';
import type { Dispatcher } from '../tasks/task-service.js';
import { webhookJob } from './webhook-event.js';

/**
 * When a task with a webhook_url finishes, records one delivery job in the finishing transaction
 * (the outbox: durable, at least once) with the task's GET body (`bodyOf`, from api/) frozen at
 * that moment, and hands it to the queue after commit. Tasks without a webhook_url record nothing.
 */
export function subscribeWebhooks(
  bus: TaskEventBus,
  deps: { bodyOf: (task: Task) => Record<string, unknown>; dispatcher: Dispatcher; clock: Clock; maxAttempts: number },
): void {
  bus.onTaskFinished(async (task, tx) => {
    if (!task.webhookUrl) return;
    const body = JSON.stringify(deps.bodyOf(task));
    const job = webhookJob({ ...task, webhookUrl: task.webhookUrl }, body, deps.clock.nowIso(), deps.maxAttempts);
    await tx.jobs.insert(job, deps.clock.nowIso());
    return () => deps.dispatcher.dispatch(job);
  });
}
