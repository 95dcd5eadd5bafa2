import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders, webhookSignature } from '../../../src/domain/webhooks/signature.js';

const SECRET = 'whsec_test_secret_0123456789';
const BODY = '{"id":"abc","status":"done"}';

/** What a receiver runs (the README's snippet, in TypeScript). */
function verify(secret: string, headers: Record<string, string>, rawBody: string): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(`${headers['x-webhook-timestamp']}.${rawBody}`).digest('hex')}`;
  const given = headers['x-webhook-signature'] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<raw body>" (known answer from openssl)', () => {
    // printf '%s' '1700000000.{"id":"abc","status":"done"}' | openssl dgst -sha256 -hmac 'whsec_test_secret_0123456789'
    expect(webhookSignature(SECRET, '1700000000', BODY)).toBe('sha256=856be6144c286b48643db253173668aa5e48fbeb88e1a6c310283f39e3f4a1c0');
  });

  it('builds the headers of one attempt: id, whole-second timestamp, signature', () => {
    const h = webhookHeaders({ eventId: 'evt-1', timestampSeconds: 1700000000.987, body: BODY, secret: SECRET });
    expect(h).toEqual({
      'content-type': 'application/json',
      'x-webhook-id': 'evt-1',
      'x-webhook-timestamp': '1700000000',
      'x-webhook-signature': 'sha256=856be6144c286b48643db253173668aa5e48fbeb88e1a6c310283f39e3f4a1c0',
    });
    expect(verify(SECRET, h, BODY)).toBe(true);
  });

  it('fails verification when the body, timestamp or secret differ', () => {
    const h = webhookHeaders({ eventId: 'evt-1', timestampSeconds: 1700000000, body: BODY, secret: SECRET });
    expect(verify(SECRET, h, BODY.replace('done', 'failed'))).toBe(false);
    expect(verify(SECRET, { ...h, 'x-webhook-timestamp': '1700000001' }, BODY)).toBe(false);
    expect(verify(`${SECRET}x`, h, BODY)).toBe(false);
  });

  it('sends no signature header when the account has no secret', () => {
    const h = webhookHeaders({ eventId: 'evt-2', timestampSeconds: 5, body: BODY, secret: null });
    expect(h).not.toHaveProperty('x-webhook-signature');
    expect(h['x-webhook-id']).toBe('evt-2');
  });

  it('makes new secrets that are long and different each time', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});
