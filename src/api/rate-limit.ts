import type { RateBucketRepo, Store } from '../core/store.js';
import type { Clock } from '../core/clock.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(key: string): Promise<RateDecision>;
  /** The same decision without waiting, for limiters kept in memory; absent when the bucket lives elsewhere. */
  takeNow?(key: string): RateDecision;
}

/** Token bucket: `capacity` requests at once, refilled at `refillPerSecond`. */
function decide(allowed: boolean, tokens: number, capacity: number, refillPerSecond: number): RateDecision {
  const missing = Math.max(0, 1 - tokens);
  return {
    allowed,
    limit: capacity,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((capacity - tokens) / refillPerSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(missing / refillPerSecond)),
  };
}

/**
 * `maxKeys` bounds the memory a stream of new keys (client addresses) can take: past it, buckets
 * that have refilled are dropped, since a full bucket is the same as none.
 */
export function memoryRateLimiter(capacity: number, refillPerSecond: number, clock: Clock, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  let prunedAtMs = -Infinity;
  // At most once a second: with every bucket still refilling, a scan per new key would cost O(n) each.
  const prune = (now: number) => {
    if (now - prunedAtMs < 1000) return;
    prunedAtMs = now;
    for (const [key, b] of buckets) if (b.tokens + ((now - b.atMs) * refillPerSecond) / 1000 >= capacity) buckets.delete(key);
  };
  const takeNow = (key: string): RateDecision => {
    const now = clock.nowMs();
    if (buckets.size >= maxKeys && !buckets.has(key)) prune(now);
    const b = buckets.get(key) ?? { tokens: capacity, atMs: now };
    b.tokens = Math.min(capacity, b.tokens + ((now - b.atMs) * refillPerSecond) / 1000);
    b.atMs = now;
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    buckets.set(key, b);
    return decide(allowed, b.tokens, capacity, refillPerSecond);
  };
  return { takeNow, take: async (key) => takeNow(key) };
}

/** Shared through the database, so every API process of the scaled mode counts against one bucket. */
export function storeRateLimiter(store: Store, capacity: number, refillPerSecond: number, clock: Clock): RateLimiter {
  return {
    async take(key) {
      const r = await store.transaction((tx: { rateBuckets: RateBucketRepo }) => tx.rateBuckets.take(key, capacity, refillPerSecond, clock.nowMs()));
      return decide(r.allowed, r.tokens, capacity, refillPerSecond);
    },
  };
}
