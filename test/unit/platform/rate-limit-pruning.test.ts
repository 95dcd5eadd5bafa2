import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '../../../src/api/rate-limit.js';
import { fixedClock } from '../../../src/core/clock.js';

describe('memory rate limiter past its key bound', () => {
  it('forgets only refilled buckets: a throttled key stays throttled however many new keys come', async () => {
    const clock = fixedClock(0);
    const limiter = memoryRateLimiter(1, 0.1, clock, 2);
    expect((await limiter.take('spent')).allowed).toBe(true);
    for (let i = 0; i < 9; i++) {
      clock.advance(1_000);
      expect((await limiter.take(`new-${i}`)).allowed).toBe(true);
    }
    // 9 s at 0.1 a second: not a whole token back yet.
    expect((await limiter.take('spent')).allowed).toBe(false);
    clock.advance(1_000);
    expect((await limiter.take('spent')).allowed).toBe(true);
  });
});
