/**
 * The one seeded pseudo-random generator. Math.random is never used where output must repeat: a
 * music track, an avatar drawing, blinks and head motion, a script are pure functions of their
 * seed, so they render to the same bytes on every run and machine. Integer-only arithmetic
 * (Math.imul, shifts) keeps the sequence identical across platforms. Imports nothing.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [-1, 1). */
  bipolar(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new independent stream, so adding draws in one part does not shift every other part. */
  fork(label: string): Rng;
}

/** FNV-1a, 32 bits: a stable hash to turn names into seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 31-bit seed from text (FNV-1a, top bit dropped): the same request gives the same script, colours and music. */
export function seedFor(text: string): number {
  return hashString(text) & 0x7fffffff;
}

/** mulberry32: small, fast, and good enough for choices, noise and motion phases. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const rng: Rng = {
    next: () => nextUint32() / 4294967296,
    int: (min, max) => min + Math.floor((nextUint32() / 4294967296) * (max - min + 1)),
    bipolar: () => nextUint32() / 2147483648 - 1,
    chance: (probability) => nextUint32() / 4294967296 < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor((nextUint32() / 4294967296) * items.length)]!;
    },
    fork: (label) => createRng((hashString(label) ^ seed) >>> 0),
  };
  return rng;
}

/** The generator as a bare function of uniform numbers in [0, 1), for code that only ever needs those. */
export function seededRandom(seed: number): () => number {
  const rng = createRng(seed);
  return () => rng.next();
}
