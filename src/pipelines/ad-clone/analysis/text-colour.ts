import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import { rgbToHex } from '../../images/backgrounds/colour.js';

const dist = (a: readonly number[], b: readonly number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);

/**
 * The colour of the letters in `box`: the backdrop is what a ring just outside the box shows;
 * the letters are the colour inside that is common and far from the backdrop.
 */
export function textColourIn(img: RgbaImage, box: PixelBox): string {
  const x0 = Math.max(0, Math.floor(box.x)),
    y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(img.width, Math.ceil(box.x + box.width)),
    y1 = Math.min(img.height, Math.ceil(box.y + box.height));
  const at = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
  };
  // OCR boxes hug the letters: the backdrop is read on a ring a little outside the box.
  const pad = Math.max(2, Math.round(box.height * 0.3));
  const bx0 = Math.max(0, x0 - pad),
    by0 = Math.max(0, y0 - pad),
    bx1 = Math.min(img.width, x1 + pad),
    by1 = Math.min(img.height, y1 + pad);
  const border: number[][] = [];
  for (let x = bx0; x < bx1; x++) border.push(at(x, by0), at(x, by1 - 1));
  for (let y = by0; y < by1; y++) border.push(at(bx0, y), at(bx1 - 1, y));
  const backdrop = [0, 1, 2].map((c) => median(border.map((p) => p[c]!)));
  const inside: number[][] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = at(x, y);
      if (dist(p, backdrop) >= 90) inside.push(p);
    }
  }
  if (!inside.length) return rgbToHex([255 - backdrop[0]!, 255 - backdrop[1]!, 255 - backdrop[2]!]);
  // Outlined captions have as many outline pixels as fill pixels, and scaling smears the fill over
  // many shades: two clusters (fill, outline) by k-means, then the one that stands out most from
  // the backdrop, each weighed by its size times its contrast.
  const clusters = twoMeans(inside);
  const best = clusters.reduce((a, b) => (b.n * dist(b.centre, backdrop) > a.n * dist(a.centre, backdrop) ? b : a));
  // Letter edges blend into what surrounds them: the core of the cluster (its half farthest from
  // the backdrop) is the colour as drawn.
  const core = best.points.sort((a, b) => dist(b, backdrop) - dist(a, backdrop)).slice(0, Math.max(1, Math.ceil(best.points.length / 2)));
  return rgbToHex([0, 1, 2].map((c) => core.reduce((sum, p) => sum + p[c]!, 0) / core.length) as [number, number, number]);
}

function twoMeans(points: number[][]): { centre: number[]; n: number; points: number[][] }[] {
  const far = (from: number[]) => points.reduce((a, b) => (dist(b, from) > dist(a, from) ? b : a));
  let centres = [far(points[0]!)];
  centres.push(far(centres[0]!));
  let groups: number[][][] = [];
  for (let iteration = 0; iteration < 8; iteration++) {
    groups = centres.map(() => []);
    for (const p of points) groups[dist(p, centres[0]!) <= dist(p, centres[1]!) ? 0 : 1]!.push(p);
    centres = groups.map((g, i) => (g.length ? [0, 1, 2].map((c) => g.reduce((s, p) => s + p[c]!, 0) / g.length) : centres[i]!));
  }
  return centres.map((centre, i) => ({ centre, n: groups[i]!.length, points: groups[i]! }));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}
