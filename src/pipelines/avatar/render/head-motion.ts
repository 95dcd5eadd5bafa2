/**
 * Idle head motion: a slow sway and bob made of two sines per axis with periods that never line
 * up (so it does not look like a loop), a few pixels in size. Written as ffmpeg expressions in `t`
 * for the overlay filter, and as plain functions for tests and stills.
 */
export interface HeadMotion {
  /** Pixels: the largest swing from rest is at most about `amplitudePx` on each axis. */
  amplitudePx: number;
  /** Sines: [amplitude share, period s, phase rad] per axis. */
  x: Array<[number, number, number]>;
  y: Array<[number, number, number]>;
}

export function headMotionFor(seed: number, frameHeightPx: number): HeadMotion {
  const phase = (k: number) => (((seed >>> (k * 4)) & 0xff) / 255) * Math.PI * 2;
  return {
    amplitudePx: Math.max(1, frameHeightPx * 0.006),
    x: [
      [0.65, 5.3, phase(0)],
      [0.35, 2.9, phase(1)],
    ],
    y: [
      [0.55, 3.7, phase(2)],
      [0.45, 2.3, phase(3)],
    ],
  };
}

const num = (v: number) => (Math.round(v * 10000) / 10000).toString();

function expr(base: number, amplitudePx: number, sines: HeadMotion['x']): string {
  const terms = sines.map(([share, period, ph]) => `${num(amplitudePx * share)}*sin(${num((2 * Math.PI) / period)}*t+${num(ph)})`);
  return `${base}+${terms.join('+')}`;
}

/** overlay=x=…:y=… expressions placing the head layer whose rest position is (x, y). */
export function headMotionExpressions(motion: HeadMotion, rest: { x: number; y: number }): { x: string; y: string } {
  return { x: expr(rest.x, motion.amplitudePx, motion.x), y: expr(rest.y, motion.amplitudePx, motion.y) };
}

/** The offset from rest at time t (what the expressions compute, before ffmpeg rounds to pixels). */
export function headOffsetAt(motion: HeadMotion, t: number): { dx: number; dy: number } {
  const sum = (sines: HeadMotion['x']) =>
    sines.reduce((acc, [share, period, ph]) => acc + motion.amplitudePx * share * Math.sin(((2 * Math.PI) / period) * t + ph), 0);
  return { dx: sum(motion.x), dy: sum(motion.y) };
}
