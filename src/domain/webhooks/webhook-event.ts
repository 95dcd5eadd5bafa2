import { newId } from '../../core/ids.js';
import type { JobRecord } from '../../core/store.js';
import type { Task } from '../../core/task.js';

/** The job that delivers one webhook event; its row is the event's outbox entry. */
export const WEBHOOK_JOB = 'webhook.deliver';

export interface WebhookJobPayload {
  /** Sent as X-Webhook-Id on every attempt. */
  eventId: string;
  /** Whose secret signs it; kept here because the task may be deleted before delivery. */
  accountId: string;
  url: string;
  /** The exact bytes sent (and signed): the task as its GET showed it when it finished. */
  body: string;
}

/**
 * The outbox row of one "task finished" event. The body is frozen now, so every retry sends the
 * same event even if the task has moved on (a follow-up started) by the time a retry runs.
 */
export function webhookJob(task: Task & { webhookUrl: string }, body: string, at: string, maxAttempts: number): JobRecord {
  const eventId = newId();
  const payload: WebhookJobPayload = { eventId, accountId: task.accountId, url: task.webhookUrl, body };
  return {
    id: eventId,
    taskId: task.id,
    name: WEBHOOK_JOB,
    payload: { ...payload },
    status: 'queued',
    attempts: 0,
    maxAttempts,
    runAt: at,
    lockedUntil: null,
    lockedBy: null,
    lastError: null,
    dispatchedAt: null,
  };
}
