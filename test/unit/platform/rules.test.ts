import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.js';
import { DEFAULT_CPU_WORKERS } from '../../../src/engines/cpu/off-thread.js';
import { memoryRateLimiter } from '../../../src/api/rate-limit.js';
import { listQueryFrom, pageParams } from '../../../src/api/pagination.js';
import { classifyIndustry, factsFrom, summarise } from '../../../src/domain/links/link-facts.js';
import { perStartedUnit, prices, videoPrice } from '../../../src/domain/credits/prices.js';
import { estimateSpeechSeconds } from '../../../src/domain/speech/tts-service.js';
import { canMove, clampProgress } from '../../../src/core/task.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';
import { fixedClock } from '../../../src/core/clock.js';

describe('prices', () => {
  it('charges per started unit, never less than one', () => {
    expect(perStartedUnit(0.5, 30, 1)).toBe(1000);
    expect(perStartedUnit(30, 30, 1)).toBe(1000);
    expect(perStartedUnit(30.2, 30, 1)).toBe(2000);
    expect(prices.render(61)).toBe(12000);
    expect(prices.directCreate(15)).toBe(5000);
    expect(prices.link()).toBe(1000);
    // Aurora models replace the create and render prices with a per-second price.
    expect(videoPrice('create', 15, 'standard')).toBe(5000);
    expect(videoPrice('render', 31, null)).toBe(8000);
    expect(videoPrice('create', 15.2, 'aurora_v1')).toBe(16000);
    expect(videoPrice('render', 15.2, 'aurora_v1_fast')).toBe(8000);
    expect(prices.aurora(10.01, 0.4)).toBe(4400);
  });
  it('holds an upper bound for speech', () => {
    // espeak-ng speaks about 14 characters a second; the estimate must not be shorter than real speech.
    expect(estimateSpeechSeconds('a'.repeat(140))).toBeGreaterThanOrEqual(10);
  });
});

describe('task state machine', () => {
  it('allows the documented moves only', () => {
    expect(canMove('pending', 'processing')).toBe(true);
    expect(canMove('processing', 'done')).toBe(true);
    expect(canMove('done', 'processing')).toBe(true);
    expect(canMove('pending', 'done')).toBe(false);
    expect(canMove('done', 'failed')).toBe(false);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe('signed URLs', () => {
  it('verifies its own signature and refuses tampering and expiry', () => {
    const clock = fixedClock(1_700_000_000_000);
    const signer = new UrlSigner('secret', 'http://h', 60, () => clock.nowMs());
    const url = new URL(signer.sign('a/b c.mp4'));
    const key = decodeURIComponent(url.pathname.replace('/files/', ''));
    expect(key).toBe('a/b c.mp4');
    const exp = url.searchParams.get('expires')!;
    const sig = url.searchParams.get('signature')!;
    expect(signer.verify(key, exp, sig)).toBe('ok');
    expect(signer.verify(key, String(Number(exp) + 1), sig)).toBe('invalid');
    expect(new UrlSigner('other', 'http://h', 60).verify(key, exp, sig)).toBe('invalid');
    clock.advance(61_000);
    expect(signer.verify(key, exp, sig)).toBe('expired');
  });

  it('hands out one URL per expiry step, living at least the lifetime less one step', () => {
    const clock = fixedClock(1_700_000_007_000);
    const signer = new UrlSigner('secret', 'http://h', 3600, () => clock.nowMs());
    const first = signer.sign('acc/task/output.mp3');
    const expires = (u: string) => Number(new URL(u).searchParams.get('expires'));
    expect(expires(first) % 60).toBe(0);
    expect(expires(first) * 1000 - clock.nowMs()).toBeGreaterThan((3600 - 60) * 1000);
    expect(expires(first) * 1000 - clock.nowMs()).toBeLessThanOrEqual(3600 * 1000);
    clock.advance(20_000);
    expect(signer.sign('acc/task/output.mp3')).toBe(first);
    expect(signer.sign('acc/task/other.mp3')).not.toBe(first);
    clock.advance(60_000);
    const next = signer.sign('acc/task/output.mp3');
    expect(expires(next)).toBe(expires(first) + 60);
    const u = new URL(next);
    expect(signer.verify('acc/task/output.mp3', u.searchParams.get('expires')!, u.searchParams.get('signature')!)).toBe('ok');
  });
});

describe('token bucket', () => {
  it('allows a burst, refuses with a retry delay, and refills over time', async () => {
    const clock = fixedClock(0);
    const limiter = memoryRateLimiter(2, 0.5, clock);
    expect((await limiter.take('k')).allowed).toBe(true);
    expect((await limiter.take('k')).allowed).toBe(true);
    const refused = await limiter.take('k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(2);
    clock.advance(2000);
    expect((await limiter.take('k')).allowed).toBe(true);
    expect((await limiter.take('other')).allowed).toBe(true);
  });
});

describe('pagination and list queries', () => {
  it('defaults to page 1 of 20 and clamps page_size to 100', () => {
    expect(pageParams({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageParams({ page: '3', page_size: '500' })).toEqual({ page: 3, pageSize: 100 });
    expect(listQueryFrom({ ids: 'a, b,,c', ordering: 'created_at' })).toEqual({ ids: ['a', 'b', 'c'], orderBy: 'created_at', descending: false });
  });
});

describe('link facts', () => {
  it('classifies industries by keyword rules and summarises extractively', () => {
    expect(classifyIndustry('Noise cancelling wireless headphones')).toBe('Tech & Electronics');
    expect(classifyIndustry('Something else entirely')).toBe('Others');
    expect(summarise('T', 'First sentence. Second one! Third?')).toBe('First sentence. Second one!');
    const f = factsFrom(
      { title: 'Dog bed', description: 'Soft bed for your dog.', imageUrls: ['x'], videoUrls: [], logoUrl: null, price: null, reviews: null },
      'inner',
    );
    expect(f.aiIndustry).toBe('Pets');
    expect(f.aiTargetAudiences.length).toBeGreaterThan(0);
  });
});

describe('in-memory blob store (fake)', () => {
  it('stores and reads ranges', async () => {
    const blobs = new MemoryBlobStore();
    await blobs.putBuffer('k.mp3', Buffer.from('hello world'));
    expect(await blobs.stat('k.mp3')).toEqual({ sizeBytes: 11, contentType: 'audio/mpeg' });
    const chunks: Buffer[] = [];
    for await (const c of blobs.read('k.mp3', { start: 6, end: 10 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
  });
});

describe('CPU worker setting', () => {
  it('defaults to the pool size for this machine, takes 0 (in-thread) and never goes negative', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-cpu-'));
    expect(loadConfig({ DATA_DIR: dataDir }).cpuWorkers).toBe(DEFAULT_CPU_WORKERS);
    expect(loadConfig({ DATA_DIR: dataDir, CPU_WORKERS: '0' }).cpuWorkers).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, CPU_WORKERS: '-3' }).cpuWorkers).toBe(0);
  });
});
