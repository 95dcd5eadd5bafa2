import { distance, type Point } from '../../../engines/face/index.js';

/**
 * The opened mouth in its own coordinates, so what is drawn inside follows the lips however the
 * head is turned: `u` runs from the right inner corner (0, landmark 60) to the left one (1, 64),
 * `d` is the distance in pixels along the mouth's "down" from the right corner's line. The inner
 * lips are two curves `d(u)`; a point's depth below the upper lip is `d − upperAt(u)`.
 */
export interface MouthFrame {
  origin: Point;
  across: Point;
  down: Point;
  innerWidth: number;
  upperAt(u: number): number;
  lowerAt(u: number): number;
  /** The frame's (u, d) of a picture point. */
  toMouth(p: Point): { u: number; d: number };
  /** The picture point of (u, d). */
  toPicture(u: number, d: number): Point;
}

const UPPER = [60, 61, 62, 63, 64] as const;
const LOWER = [60, 67, 66, 65, 64] as const;

export function mouthFrame(points: readonly Point[]): MouthFrame {
  const origin = points[60]!;
  const innerWidth = Math.max(1e-3, distance(points[60]!, points[64]!));
  const across: Point = [(points[64]![0] - origin[0]) / innerWidth, (points[64]![1] - origin[1]) / innerWidth];
  const down: Point = [-across[1], across[0]];
  const toMouth = ([x, y]: Point) => {
    const dx = x - origin[0];
    const dy = y - origin[1];
    return { u: (dx * across[0] + dy * across[1]) / innerWidth, d: dx * down[0] + dy * down[1] };
  };
  const curve = (indices: readonly number[]) => smoothCurve(indices.map((i) => toMouth(points[i]!)));
  const upper = curve(UPPER);
  const lower = curve(LOWER);
  return {
    origin,
    across,
    down,
    innerWidth,
    upperAt: upper,
    // The lower lip never crosses above the upper one (a landmark out of order on a closed mouth).
    lowerAt: (u) => Math.max(upper(u), lower(u)),
    toMouth,
    toPicture: (u, d) => [origin[0] + across[0] * u * innerWidth + down[0] * d, origin[1] + across[1] * u * innerWidth + down[1] * d],
  };
}

/** A smooth function through the knots (sorted by u): cubic Hermite with averaged slopes, flat beyond the ends. */
function smoothCurve(knots: ReadonlyArray<{ u: number; d: number }>): (u: number) => number {
  const k = [...knots].sort((a, b) => a.u - b.u);
  const slope = (i: number): number => {
    const a = k[Math.max(0, i - 1)]!;
    const b = k[Math.min(k.length - 1, i + 1)]!;
    return b.u - a.u > 1e-6 ? (b.d - a.d) / (b.u - a.u) : 0;
  };
  return (u: number): number => {
    if (u <= k[0]!.u) return k[0]!.d;
    if (u >= k[k.length - 1]!.u) return k[k.length - 1]!.d;
    let i = 0;
    while (u > k[i + 1]!.u) i++;
    const a = k[i]!;
    const b = k[i + 1]!;
    const h = b.u - a.u;
    if (h < 1e-6) return a.d;
    const t = (u - a.u) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * a.d + (t3 - 2 * t2 + t) * h * slope(i) + (-2 * t3 + 3 * t2) * b.d + (t3 - t2) * h * slope(i + 1);
  };
}

export function insidePolygon(poly: readonly Point[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
