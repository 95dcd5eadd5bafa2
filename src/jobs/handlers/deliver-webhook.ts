import { z } from 'zod';
import type { AccountRepo } from '../../core/store.js';
import { webhookRetryDelayMs, type WebhookRetryPolicy } from '../../domain/webhooks/backoff.js';
import { webhookHeaders } from '../../domain/webhooks/signature.js';
import { WEBHOOK_JOB, type WebhookJobPayload } from '../../domain/webhooks/webhook-event.js';
import type { Clock } from '../../core/clock.js';
import type { WebhookSender } from '../../engines/webhook/port.js';
import { defineSideJob } from '../job-definition.js';

export interface WebhookJobDeps {
  accounts: Pick<AccountRepo, 'get'>;
  sender: WebhookSender;
  clock: Clock;
  /** No answer within this long counts as a failed attempt. */
  timeoutMs: number;
  retry: WebhookRetryPolicy;
  random?: () => number;
}

const payload: z.ZodType<WebhookJobPayload> = z.object({
  eventId: z.string().min(1),
  accountId: z.string().min(1),
  url: z.string().min(1),
  body: z.string(),
});

/**
 * One attempt to deliver a "task finished" event. A 2xx answer ends it; anything else is tried
 * again after an exponential wait, until the job's attempts run out. Each attempt is signed
 * afresh (new timestamp) with the account's current secret; the id and body never change.
 */
export function deliverWebhookJob(deps: WebhookJobDeps) {
  return defineSideJob({
    name: WEBHOOK_JOB,
    payload,
    async run({ payload: event, attempt, maxAttempts, signal, log }) {
      const account = await deps.accounts.get(event.accountId);
      const headers = webhookHeaders({
        eventId: event.eventId,
        timestampSeconds: deps.clock.nowMs() / 1000,
        body: event.body,
        secret: account?.webhookSecret ?? null,
      });
      const answer = await deps.sender.post({ url: event.url, headers, body: event.body, timeoutMs: deps.timeoutMs, signal });
      const where = { eventId: event.eventId, url: event.url, attempt, maxAttempts };
      if (answer.delivered) {
        log.info({ ...where, status: answer.status }, 'webhook delivered');
        return 'done';
      }
      if (answer.permanent || attempt >= maxAttempts) {
        log.warn(
          { ...where, status: answer.status, reason: answer.reason },
          answer.permanent ? 'webhook refused; not retrying' : 'webhook not delivered; giving up',
        );
        return 'failed';
      }
      const retryInMs = webhookRetryDelayMs(attempt, deps.retry, deps.random);
      log.info({ ...where, status: answer.status, reason: answer.reason, retryInMs }, 'webhook not delivered; will retry');
      return { retryInMs, reason: answer.reason };
    },
  });
}
