import type { Point, RgbaImage } from '../../../engines/face/index.js';
import type { Triangle } from './triangulate.js';

/**
 * Piecewise-affine warp: every triangle whose corners moved is redrawn in `target` from its
 * rest-position pixels in `source` (inverse mapping, bilinear sampling). Triangles that did not
 * move are left as they are, which is why `target` must start as a copy of `source`: on a face
 * mesh only the jaw, lips and lids move, so most of the picture is never touched.
 */
export function warpTriangles(source: RgbaImage, target: RgbaImage, from: readonly Point[], to: readonly Point[], triangles: readonly Triangle[]): number {
  let drawn = 0;
  for (const tri of triangles) {
    if (!moved(from, to, tri)) continue;
    if (drawTriangle(source, target, from, to, tri)) drawn++;
  }
  return drawn;
}

function moved(from: readonly Point[], to: readonly Point[], tri: Triangle): boolean {
  for (const i of tri) {
    if (Math.abs(from[i]![0] - to[i]![0]) > 1e-3 || Math.abs(from[i]![1] - to[i]![1]) > 1e-3) return true;
  }
  return false;
}

function drawTriangle(source: RgbaImage, target: RgbaImage, from: readonly Point[], to: readonly Point[], [a, b, c]: Triangle): boolean {
  const [x0, y0] = to[a]!;
  const [x1, y1] = to[b]!;
  const [x2, y2] = to[c]!;
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-6) return false; // collapsed (a closed eyelid): nothing to draw
  const [u0, v0] = from[a]!;
  const [u1, v1] = from[b]!;
  const [u2, v2] = from[c]!;
  // Target (x, y) = P0 + s·(P1−P0) + t·(P2−P0); the same (s, t) on the source triangle.
  const inv = 1 / det;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maxX = Math.min(target.width - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maxY = Math.min(target.height - 1, Math.ceil(Math.max(y0, y1, y2)));
  // A hair of overlap so neighbouring triangles leave no unpainted seam.
  const eps = -1e-4;
  const out = target.data;
  const tw = target.width;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5 - y0;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5 - x0;
      const s = (px * (y2 - y0) - py * (x2 - x0)) * inv;
      const t = (py * (x1 - x0) - px * (y1 - y0)) * inv;
      if (s < eps || t < eps || s + t > 1 - eps) continue;
      const sx = u0 + s * (u1 - u0) + t * (u2 - u0);
      const sy = v0 + s * (v1 - v0) + t * (v2 - v0);
      sampleBilinear(source, sx, sy, out, (y * tw + x) * 4);
    }
  }
  return true;
}

/** Writes the colour at (x, y) (pixel centres at +0.5), clamped to the edges, into out[at..at+3]. */
export function sampleBilinear(image: RgbaImage, x: number, y: number, out: Uint8Array, at: number): void {
  const fx = Math.min(image.width - 1, Math.max(0, x - 0.5));
  const fy = Math.min(image.height - 1, Math.max(0, y - 0.5));
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const ax = fx - ix;
  const ay = fy - iy;
  const ix1 = Math.min(image.width - 1, ix + 1);
  const iy1 = Math.min(image.height - 1, iy + 1);
  const d = image.data;
  const i00 = (iy * image.width + ix) * 4;
  const i10 = (iy * image.width + ix1) * 4;
  const i01 = (iy1 * image.width + ix) * 4;
  const i11 = (iy1 * image.width + ix1) * 4;
  const w00 = (1 - ax) * (1 - ay);
  const w10 = ax * (1 - ay);
  const w01 = (1 - ax) * ay;
  const w11 = ax * ay;
  for (let ch = 0; ch < 4; ch++) {
    out[at + ch] = d[i00 + ch]! * w00 + d[i10 + ch]! * w10 + d[i01 + ch]! * w01 + d[i11 + ch]! * w11 + 0.5;
  }
}
