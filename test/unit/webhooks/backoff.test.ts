import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.js';
import { webhookRetryDelayMs, webhookRetryWindowMs } from '../../../src/domain/webhooks/backoff.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const policy = { baseMs: 30_000, maxDelayMs: 3_600_000 };
const middle = () => 0.5;

describe('webhook retry backoff', () => {
  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((a) => webhookRetryDelayMs(a, policy, middle))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits longer than the cap, even for absurd attempt numbers', () => {
    expect(webhookRetryDelayMs(8, policy, middle)).toBe(3_600_000);
    expect(webhookRetryDelayMs(1_000, policy, middle)).toBe(3_600_000);
  });

  it('spreads each wait by ±20 % so receivers that failed together are not hit together', () => {
    expect(webhookRetryDelayMs(2, policy, () => 0)).toBe(48_000);
    expect(webhookRetryDelayMs(2, policy, () => 1)).toBe(72_000);
    expect(webhookRetryDelayMs(8, policy, () => 1)).toBe(4_320_000);
    // Out-of-range randomness is clamped rather than trusted.
    expect(webhookRetryDelayMs(2, policy, () => 7)).toBe(72_000);
  });

  it('treats attempt 0 or below like the first', () => {
    expect(webhookRetryDelayMs(0, policy, middle)).toBe(30_000);
    expect(webhookRetryDelayMs(-3, policy, middle)).toBe(30_000);
  });

  it('with the default settings, keeps trying for about three hours', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cw-backoff-')) });
    expect(config.webhooks).toEqual({ timeoutMs: 10_000, maxAttempts: 10, retryBaseMs: 30_000, retryMaxDelayMs: 3_600_000 });
    const windowMs = webhookRetryWindowMs(config.webhooks.maxAttempts, { baseMs: config.webhooks.retryBaseMs, maxDelayMs: config.webhooks.retryMaxDelayMs });
    // 30 s + 1 min + … + 32 min, then two capped hours.
    expect(windowMs).toBe((30 + 60 + 120 + 240 + 480 + 960 + 1920 + 3600 + 3600) * 1000);
  });
});
