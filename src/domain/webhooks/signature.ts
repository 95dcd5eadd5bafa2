import { createHmac, randomBytes } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`, keyed with the secret's UTF-8 bytes. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

export interface WebhookRequestParts {
  /** The event's id: the same on every retry of one event, so receivers can drop repeats. */
  eventId: string;
  /** Unix seconds of this attempt; signed with the body so an old request cannot be replayed later. */
  timestampSeconds: number;
  body: string;
  secret: string | null;
}

/** The headers of one delivery attempt; the signature only when the account has a secret. */
export function webhookHeaders(p: WebhookRequestParts): Record<string, string> {
  const timestamp = String(Math.floor(p.timestampSeconds));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-id': p.eventId,
    'x-webhook-timestamp': timestamp,
  };
  if (p.secret) headers['x-webhook-signature'] = webhookSignature(p.secret, timestamp, p.body);
  return headers;
}

/** 32 random bytes; long enough that the secret cannot be guessed from signatures. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
