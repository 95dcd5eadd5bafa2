import { describe, expect, it } from 'vitest';
import { dbToGain, decayPerSample, exp2, midiToHz, sinTurns, softClip } from '../../../src/pipelines/music/deterministic-math.js';
import { createRng, hashString } from '../../../src/core/random.js';

describe('deterministic math', () => {
  it('matches the platform sine closely', () => {
    for (let i = 0; i <= 1000; i++) {
      const turns = i / 997 - 0.3;
      expect(Math.abs(sinTurns(turns) - Math.sin(2 * Math.PI * turns))).toBeLessThan(1e-6);
    }
  });

  it('matches the platform 2^x closely', () => {
    for (const x of [-20.5, -3.25, -1, -0.001, 0, 0.5, 1, 7.75, 13.1]) {
      expect(Math.abs(exp2(x) / 2 ** x - 1)).toBeLessThan(1e-13);
    }
  });

  it('tunes MIDI notes to equal temperament at A4 = 440 Hz', () => {
    expect(midiToHz(69)).toBeCloseTo(440, 9);
    expect(midiToHz(81)).toBeCloseTo(880, 9);
    expect(midiToHz(60)).toBeCloseTo(261.6255653, 6);
  });

  it('decays 60 dB over the asked time and converts decibels', () => {
    const sampleRateHz = 1000;
    let level = 1;
    const multiplier = decayPerSample(0.5, sampleRateHz);
    for (let i = 0; i < 500; i++) level *= multiplier;
    expect(level).toBeCloseTo(0.001, 6);
    expect(dbToGain(-6)).toBeCloseTo(0.501187, 5);
  });

  it('soft-clips smoothly into ±1', () => {
    expect(softClip(0)).toBe(0);
    expect(softClip(3)).toBe(1);
    expect(softClip(-10)).toBe(-1);
    expect(softClip(0.1)).toBeCloseTo(0.1, 2);
  });
});

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    const seqC = Array.from({ length: 20 }, () => c.next());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
    for (const value of seqA) expect(value >= 0 && value < 1).toBe(true);
  });

  it('forks streams that do not depend on how much the parent was used', () => {
    const fresh = createRng(7).fork('bass').next();
    const used = createRng(7);
    for (let i = 0; i < 100; i++) used.next();
    expect(used.fork('bass').next()).toBe(fresh);
    expect(createRng(7).fork('lead').next()).not.toBe(fresh);
  });

  it('draws integers within bounds, covering all of them', () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const value = rng.int(3, 6);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(6);
      seen.add(value);
    }
    expect(seen.size).toBe(4);
  });

  it('hashes strings stably (FNV-1a reference values)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});
