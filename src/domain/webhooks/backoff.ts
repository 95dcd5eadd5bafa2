export interface WebhookRetryPolicy {
  /** Wait before the second attempt; each later wait doubles. */
  baseMs: number;
  /** No single wait is longer than this. */
  maxDelayMs: number;
}

/** ±20 %: receivers that went down together are not all hit again in the same second. */
const JITTER = 0.2;

/**
 * How long to wait after failed attempt number `attempt` (1 = the first) before the next one:
 * base · 2^(attempt−1), capped, then spread by the jitter. `random` is injectable for tests.
 */
export function webhookRetryDelayMs(attempt: number, policy: WebhookRetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const capped = Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.min(exponent, 40));
  const spread = 1 - JITTER + 2 * JITTER * Math.min(1, Math.max(0, random()));
  return Math.max(0, Math.round(capped * spread));
}

/** The longest a receiver can be down and still get the event: the sum of every wait, before jitter. */
export function webhookRetryWindowMs(maxAttempts: number, policy: WebhookRetryPolicy): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt++) total += Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.min(attempt - 1, 40));
  return total;
}
