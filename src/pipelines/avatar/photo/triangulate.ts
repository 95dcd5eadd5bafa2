import type { Point } from '../../../engines/face/index.js';

export type Triangle = [number, number, number];

/**
 * Delaunay triangulation (Bowyer–Watson). O(n²), which is nothing for the ~110 points of a face
 * mesh. Points that coincide (closed lips can put two landmarks on one pixel) are nudged apart by
 * a hair so every point ends up in the mesh. Triangles come back with a positive `signedArea`
 * (clockwise on screen, y pointing down).
 */
export function triangulate(input: readonly Point[]): Triangle[] {
  const points = separateDuplicates(input);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1) * 20;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const all: Point[] = [...points, [cx - span, cy - span], [cx + span, cy - span], [cx, cy + span]];
  const n = points.length;
  let triangles: { t: Triangle; cx: number; cy: number; r2: number }[] = [withCircle(all, [n, n + 1, n + 2])];

  for (let p = 0; p < n; p++) {
    const [px, py] = all[p]!;
    const bad: typeof triangles = [];
    const keep: typeof triangles = [];
    for (const tri of triangles) {
      const dx = px - tri.cx;
      const dy = py - tri.cy;
      (dx * dx + dy * dy <= tri.r2 ? bad : keep).push(tri);
    }
    // The hole's boundary: edges of bad triangles that no other bad triangle shares.
    const edgeCount = new Map<string, [number, number]>();
    const counts = new Map<string, number>();
    for (const { t } of bad) {
      for (const [a, b] of [
        [t[0], t[1]],
        [t[1], t[2]],
        [t[2], t[0]],
      ] as [number, number][]) {
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        edgeCount.set(key, [a, b]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    for (const [key, [a, b]] of edgeCount) {
      if (counts.get(key) === 1) keep.push(withCircle(all, [a, b, p]));
    }
    triangles = keep;
  }
  return triangles
    .map((tri) => tri.t)
    .filter((t) => t[0] < n && t[1] < n && t[2] < n)
    .map((t) => (signedArea(points, t) < 0 ? ([t[0], t[2], t[1]] as Triangle) : t));
}

/** Twice the triangle's area, positive when its corners run a → b → c clockwise on screen. */
export function signedArea(points: readonly Point[], [a, b, c]: Triangle): number {
  const [ax, ay] = points[a]!;
  const [bx, by] = points[b]!;
  const [cx, cy] = points[c]!;
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function withCircle(points: readonly Point[], t: Triangle): { t: Triangle; cx: number; cy: number; r2: number } {
  const [ax, ay] = points[t[0]]!;
  const [bx, by] = points[t[1]]!;
  const [cx, cy] = points[t[2]]!;
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  if (Math.abs(d) < 1e-12) return { t, cx: 0, cy: 0, r2: Infinity }; // collinear: always replaced
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const ux = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
  const uy = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
  return { t, cx: ux, cy: uy, r2: (ax - ux) ** 2 + (ay - uy) ** 2 };
}

function separateDuplicates(points: readonly Point[]): Point[] {
  const seen = new Set<string>();
  return points.map(([x, y], i) => {
    let px = x;
    let py = y;
    while (seen.has(`${px.toFixed(3)},${py.toFixed(3)}`)) {
      px += 0.01 * ((i % 3) + 1);
      py += 0.01;
    }
    seen.add(`${px.toFixed(3)},${py.toFixed(3)}`);
    return [px, py];
  });
}
