import type { Point } from '../../../engines/face/index.js';

/**
 * How the footage is repeated for a speech longer than it:
 * - `loop`: frames [start, end) over and over; the cut from end−1 back to start is where two
 *   frames look most alike, so the jump is hard to see;
 * - `ping-pong`: forward to the last frame, then backward, and again (always seamless in
 *   position, the motion reverses at each end).
 */
export type FootageLoop = { mode: 'loop'; start: number; end: number; cost: number } | { mode: 'ping-pong'; start: number; end: number; cost: number };

export interface LoopSearchOptions {
  /** The shortest loop worth having, in frames (shorter ones repeat visibly). */
  minFrames: number;
  /**
   * A loop is taken only when its cut costs at most this (mean luma difference 0..255 of the
   * signatures plus the landmark gap in face widths × 100); otherwise ping-pong.
   */
  maxCutCost: number;
}

/** Frames on from a cut where the footage must still match (the motion's direction). */
const MOTION_LAG = 3;

export const DEFAULT_LOOP_SEARCH: LoopSearchOptions = { minFrames: 45, maxCutCost: 6 };

/**
 * Finds the pair of frames (a, b), b − a ≥ minFrames, whose small luma signatures and face
 * landmarks are closest, and cuts the loop there (frames a … b−1, then a again: frame b would
 * have followed b−1, and it looks like a). Too costly a cut, or footage too short, ping-pongs.
 */
export function planFootageLoop(
  signatures: readonly Uint8Array[],
  landmarks: readonly (readonly Point[])[],
  faceWidthPx: number,
  opts: LoopSearchOptions = DEFAULT_LOOP_SEARCH,
): FootageLoop {
  const n = signatures.length;
  if (n === 0) throw new Error('footage with no frames');
  const whole: FootageLoop = { mode: 'ping-pong', start: 0, end: n, cost: Number.POSITIVE_INFINITY };
  if (n <= opts.minFrames + MOTION_LAG) return whole;
  let best = { a: 0, b: n, cost: Number.POSITIVE_INFINITY };
  const pairCost = (a: number, b: number) => cutCost(signatures[a]!, signatures[b]!, landmarks[a]!, landmarks[b]!, faceWidthPx);
  for (let a = 0; a + opts.minFrames + MOTION_LAG < n; a++) {
    for (let b = a + opts.minFrames; b + MOTION_LAG < n; b++) {
      // Alike frames a few frames on too: a swaying head passes the same place going both ways,
      // and a cut between those would turn the motion round.
      const cost = (pairCost(a, b) + pairCost(a + MOTION_LAG, b + MOTION_LAG)) / 2;
      // Ties go to the longer loop: fewer repeats.
      if (cost < best.cost - 1e-9 || (Math.abs(cost - best.cost) <= 1e-9 && b - a > best.b - best.a)) best = { a, b, cost };
    }
  }
  return best.cost <= opts.maxCutCost ? { mode: 'loop', start: best.a, end: best.b, cost: best.cost } : { ...whole, cost: best.cost };
}

/** How unlike two frames are: mean luma gap of their signatures plus the landmarks' mean gap (per cent of the face width). */
export function cutCost(sigA: Uint8Array, sigB: Uint8Array, landA: readonly Point[], landB: readonly Point[], faceWidthPx: number): number {
  let pixels = 0;
  for (let i = 0; i < sigA.length; i++) pixels += Math.abs(sigA[i]! - sigB[i]!);
  let gap = 0;
  for (let i = 0; i < landA.length; i++) gap += Math.hypot(landA[i]![0] - landB[i]![0], landA[i]![1] - landB[i]![1]);
  return pixels / Math.max(1, sigA.length) + (100 * gap) / Math.max(1, landA.length) / Math.max(1, faceWidthPx);
}

/** The footage frame shown on output frame `i`. */
export function footageFrameAt(i: number, loop: FootageLoop): number {
  const length = loop.end - loop.start;
  if (length <= 1) return loop.start;
  if (loop.mode === 'loop') return loop.start + (i % length);
  // Forward over every frame, backward without repeating either end: period 2·(length−1).
  const period = 2 * (length - 1);
  const t = i % period;
  return loop.start + (t < length ? t : period - t);
}
