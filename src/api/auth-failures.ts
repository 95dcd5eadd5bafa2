import ipaddr from 'ipaddr.js';
import { Throttled } from '../core/errors.js';
import type { Clock } from '../core/clock.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Wrong credentials cost the caller's address a token of its own bucket (the same limiter kinds
 * as the per-key limit: in memory, or shared in the database). Once the bucket is empty the
 * address gets 429 with Retry-After for every request, right or wrong, before its credentials are
 * looked at: a guess that happens to be right is not told apart while throttled, and a flood of
 * wrong keys does not reach the database.
 */
export class AuthFailureThrottle {
  /** Addresses this process saw refused, until when (the shared bucket says when it refills). */
  private readonly blockedUntilMs = new Map<string, number>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly maxBlocked = 10_000,
  ) {}

  /** Throws Throttled while the address is blocked. */
  check(address: string): void {
    if (this.blockedUntilMs.size === 0) return;
    const key = addressKey(address);
    const until = this.blockedUntilMs.get(key);
    if (until === undefined) return;
    const leftMs = until - this.clock.nowMs();
    if (leftMs > 0) throw new Throttled(Math.ceil(leftMs / 1000));
    this.blockedUntilMs.delete(key);
  }

  /** Counts a failed authentication; throws Throttled instead of it once the address's bucket is empty. */
  async failed(address: string): Promise<void> {
    const key = addressKey(address);
    const d = await this.limiter.take(`auth-failures:${key}`);
    if (d.allowed) return;
    const now = this.clock.nowMs();
    if (this.blockedUntilMs.size >= this.maxBlocked) {
      for (const [k, until] of this.blockedUntilMs) if (until <= now) this.blockedUntilMs.delete(k);
    }
    if (this.blockedUntilMs.size < this.maxBlocked) this.blockedUntilMs.set(key, now + d.retryAfterSeconds * 1000);
    throw new Throttled(d.retryAfterSeconds);
  }
}

/** IPv4 by address; IPv6 by its /64, the block one subscriber usually holds (so rotating within it gains nothing). */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
