import type { Point } from './port.js';

/**
 * Indices into the 68 landmarks. "Right"/"left" are the person's own, so the right eye is the
 * one on the left of the picture.
 */
export const LANDMARK = {
  jaw: range(0, 16),
  chin: 8,
  rightBrow: range(17, 21),
  leftBrow: range(22, 26),
  noseBridge: range(27, 30),
  noseTip: 30,
  nostrils: range(31, 35),
  /** 36 outer corner, 37–38 upper lid, 39 inner corner, 40–41 lower lid. */
  rightEye: range(36, 41),
  /** 42 inner corner, 43–44 upper lid, 45 outer corner, 46–47 lower lid. */
  leftEye: range(42, 47),
  /** 48 right corner, 49–53 upper lip (outer edge), 54 left corner, 55–59 lower lip (outer edge). */
  outerLips: range(48, 59),
  /** 60 right corner, 61–63 upper lip (inner edge), 64 left corner, 65–67 lower lip (inner edge). */
  innerLips: range(60, 67),
} as const;

export const LANDMARK_COUNT = 68;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function centroid(points: readonly Point[], indices: readonly number[]): Point {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += points[i]![0];
    y += points[i]![1];
  }
  return [x / indices.length, y / indices.length];
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
