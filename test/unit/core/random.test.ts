import { describe, expect, it } from 'vitest';
import { createRng, hashString, seededRandom, seedFor } from '../../../src/core/random.js';

// The numbers below were taken from the three copies this generator replaced (music/prng.ts,
// avatar/draw/paint.ts, avatar/photo/mouth-track.ts) and the FNV seeds of link-video-service.ts:
// music tracks, avatar drawings, blinks and scripts stay byte-identical only while they hold.
describe('the seeded generator', () => {
  it('gives the mulberry32 sequence for a seed', () => {
    const rng = createRng(42);
    expect([rng.next(), rng.int(1, 6), rng.bipolar(), rng.chance(0.5), rng.pick(['a', 'b', 'c', 'd'])]).toEqual([
      0.6011037519201636,
      3,
      0.7049315869808197,
      false,
      'a',
    ]);
    expect(createRng(0).next()).toBe(0.26642920868471265);
    expect(createRng(-1).next()).toBe(0.8964226141106337);
  });

  it('forks independent streams by label', () => {
    const fork = createRng(42).fork('drums');
    expect([fork.next(), fork.next()]).toEqual([0.11115067289210856, 0.1949388305656612]);
    const parent = createRng(42);
    parent.next();
    expect(parent.fork('drums').next()).toBe(0.11115067289210856);
  });

  it('as a bare function gives the same numbers as next()', () => {
    const random = seededRandom(42);
    expect([random(), random(), random()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('never repeats the same draw for a fresh seed, and the same seed repeats exactly', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const drawn = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(drawn);
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(drawn).size).toBe(1000);
  });

  it('picks from an empty list with an error', () => {
    expect(() => createRng(1).pick([])).toThrow('empty');
  });
});

describe('seeds from text', () => {
  it('hashes with FNV-1a 32', () => {
    expect(hashString('')).toBe(2166136261);
    expect(hashString('kick')).toBe(3323728671);
    expect(hashString('#c0504d')).toBe(110642756);
  });

  it('keeps 31 bits for a request seed', () => {
    expect(seedFor('link|DiscoveryWriter|en|30')).toBe(891744370);
    expect(seedFor('')).toBe(18652613);
  });
});
