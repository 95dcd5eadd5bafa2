import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../src/core/store.js';
import { webhookSignature } from '../../../src/domain/webhooks/signature.js';
import { fixedClock } from '../../../src/core/clock.js';
import { FakeWebhookSender } from '../../../src/engines/webhook/index.js';
import { deliverWebhookJob } from '../../../src/jobs/handlers/deliver-webhook.js';

const log = pino({ level: 'silent' });
const BODY = '{"id":"t1","status":"done","failed_reason":null}';
const event = { eventId: 'evt-42', accountId: 'acc-1', url: 'https://hooks.example.com/in', body: BODY };

function setUp(secret: string | null) {
  const clock = fixedClock(Date.UTC(2025, 0, 2, 3, 4, 5));
  const sender = new FakeWebhookSender();
  const account: Account = { id: 'acc-1', name: 'a', balanceMillicredits: 0, webhookSecret: secret, createdAt: '' };
  const job = deliverWebhookJob({
    accounts: { get: async (id) => (id === account.id ? account : null) },
    sender,
    clock,
    timeoutMs: 10_000,
    retry: { baseMs: 1000, maxDelayMs: 60_000 },
    random: () => 0.5,
  });
  const attempt = (n: number, max = 5) =>
    job.run({ jobId: 'evt-42', taskId: 't1', payload: event, attempt: n, maxAttempts: max, signal: new AbortController().signal, log });
  return { clock, sender, account, attempt };
}

describe('webhook delivery job', () => {
  it('posts the frozen body with id, timestamp and a signature that verifies', async () => {
    const { sender, attempt } = setUp('whsec_0123456789abcdef');
    expect(await attempt(1)).toBe('done');
    const [req] = sender.requests;
    expect(req).toMatchObject({ url: event.url, body: BODY, timeoutMs: 10_000 });
    expect(req!.headers['x-webhook-id']).toBe('evt-42');
    expect(req!.headers['x-webhook-timestamp']).toBe(String(Date.UTC(2025, 0, 2, 3, 4, 5) / 1000));
    expect(req!.headers['x-webhook-signature']).toBe(webhookSignature('whsec_0123456789abcdef', req!.headers['x-webhook-timestamp']!, BODY));
  });

  it('asks for a retry after the backoff wait when the receiver fails, keeping the id and re-signing with a new timestamp', async () => {
    const { sender, attempt, clock } = setUp('whsec_0123456789abcdef');
    sender.answerWith(
      { delivered: false, status: 503, reason: 'The receiver answered 503', permanent: false },
      { delivered: false, status: null, reason: 'The receiver did not answer within 10 s', permanent: false },
    );
    expect(await attempt(1)).toEqual({ retryInMs: 1000, reason: 'The receiver answered 503' });
    clock.advance(1000);
    expect(await attempt(2)).toEqual({ retryInMs: 2000, reason: 'The receiver did not answer within 10 s' });
    clock.advance(2000);
    expect(await attempt(3)).toBe('done');
    const ids = sender.requests.map((r) => r.headers['x-webhook-id']);
    const stamps = sender.requests.map((r) => Number(r.headers['x-webhook-timestamp']));
    expect(ids).toEqual(['evt-42', 'evt-42', 'evt-42']);
    expect(stamps[1]! - stamps[0]!).toBe(1);
    expect(stamps[2]! - stamps[1]!).toBe(2);
    for (const r of sender.requests)
      expect(r.headers['x-webhook-signature']).toBe(webhookSignature('whsec_0123456789abcdef', r.headers['x-webhook-timestamp']!, BODY));
  });

  it('gives up after the last attempt, and at once when the address rules refuse the URL', async () => {
    const { sender, attempt } = setUp(null);
    sender.answerWith({ delivered: false, status: 500, reason: 'The receiver answered 500', permanent: false });
    expect(await attempt(5, 5)).toBe('failed');
    sender.answerWith({ delivered: false, status: null, reason: 'URL points at a private address (10.0.0.7 is private-network)', permanent: true });
    expect(await attempt(1, 5)).toBe('failed');
  });

  it('sends unsigned when the account has no secret, and picks up a secret set later', async () => {
    const { sender, attempt, account } = setUp(null);
    sender.answerWith({ delivered: false, status: 500, reason: 'x', permanent: false });
    await attempt(1);
    account.webhookSecret = 'whsec_set_after_the_first_try';
    await attempt(2);
    expect(sender.requests[0]!.headers).not.toHaveProperty('x-webhook-signature');
    expect(sender.requests[1]!.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
