/**
 * Checks a webhook delivery the way the service signs it (README "Webhooks";
 * src/domain/webhooks/signature.ts): `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of
 * "<timestamp>.<raw body>">` keyed with the account's secret. WebCrypto, so it runs in Node 20+,
 * Deno, Bun, workers and browsers alike.
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface VerifyWebhookInput {
  /** The account's secret (`clipwright admin webhooks secret`). */
  secret: string;
  /** The body exactly as received: re-serialised JSON changes the bytes and fails the check. */
  rawBody: string | Uint8Array;
  /** The request's headers (any casing; Node's IncomingHttpHeaders or a fetch Headers). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** Refuse deliveries whose timestamp is further than this from now (default 300 s: replays). */
  toleranceSeconds?: number;
  /** Unix seconds "now", for tests. */
  nowSeconds?: number;
}

export interface VerifiedWebhook<T = Record<string, unknown>> {
  /** X-Webhook-Id: the same on every retry of one event; drop ids already handled. */
  id: string | null;
  timestampSeconds: number;
  /** The task, exactly as its GET returns it. */
  payload: T;
}

function header(headers: VerifyWebhookInput['headers'], name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  }
  return null;
}

const encoder = new TextEncoder();
const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Compares without stopping at the first difference, so timing reveals nothing about the expected value. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `sha256=<hex>` for a timestamp and raw body, as the service computes it. */
export async function webhookSignature(secret: string, timestamp: string, rawBody: string | Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const message = new Uint8Array(encoder.encode(`${timestamp}.`).length + body.length);
  message.set(encoder.encode(`${timestamp}.`));
  message.set(body, message.length - body.length);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, message))}`;
}

/** Verifies a delivery and returns its parsed payload; throws WebhookVerificationError otherwise. */
export async function verifyWebhook<T = Record<string, unknown>>(input: VerifyWebhookInput): Promise<VerifiedWebhook<T>> {
  const { secret, rawBody, headers, toleranceSeconds = 300 } = input;
  if (!secret) throw new WebhookVerificationError('No webhook secret given.');
  const timestamp = header(headers, 'x-webhook-timestamp');
  const given = header(headers, 'x-webhook-signature');
  if (!timestamp || !/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Missing or malformed X-Webhook-Timestamp.');
  if (!given) throw new WebhookVerificationError('Missing X-Webhook-Signature (does the account have a webhook secret?).');
  const now = input.nowSeconds ?? Date.now() / 1000;
  if (Math.abs(now - Number(timestamp)) > toleranceSeconds)
    throw new WebhookVerificationError(`Timestamp is more than ${toleranceSeconds} s from now (a replay?).`);
  const expected = await webhookSignature(secret, timestamp, rawBody);
  if (!constantTimeEqual(given, expected)) throw new WebhookVerificationError('Signature does not match the body.');
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return { id: header(headers, 'x-webhook-id'), timestampSeconds: Number(timestamp), payload: JSON.parse(text) as T };
}
