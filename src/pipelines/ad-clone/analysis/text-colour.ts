import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import { rgbToHex } from '../../images/backgrounds/colour.js';

const dist = (a: readonly number[], b: readonly number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);

/** A pixel this close to the backdrop (sum of channel differences) is backdrop, unless letters enclose it. */
const BACKDROP_DISTANCE = 75;
/** An enclosed cluster this large against the one around it is a fill inside an outline, not the holes of letters (o, a, e). */
const FILL_SHARE = 0.4;

/**
 * The colour of the letters in `box`. The backdrop is what a ring just outside the box shows, and
 * what joins that ring without crossing anything else (a flood from the ring); what the flood does
 * not reach is the letters. They are split in two colours: plain letters are one stroke colour
 * (with small holes: o, a, e); outlined captions are a fill enclosed by an outline, which alone
 * touches the backdrop, even when the fill is the backdrop's own colour (white on white) or the
 * outline has more pixels. So the colour that does not touch the backdrop is the fill when it is
 * large enough to be one, else the one that does.
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
  const w = bx1 - bx0,
    h = by1 - by0;
  if (w <= 2 || h <= 2) return rgbToHex([255 - backdrop[0]!, 255 - backdrop[1]!, 255 - backdrop[2]!]);
  // Flood from the ring over backdrop-coloured pixels.
  const reached = new Uint8Array(w * h);
  const isBack = (x: number, y: number) => dist(at(bx0 + x, by0 + y), backdrop) < BACKDROP_DISTANCE;
  const stack: number[] = [];
  const push = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h || reached[y * w + x] || !isBack(x, y)) return;
    reached[y * w + x] = 1;
    stack.push(y * w + x);
  };
  for (let x = 0; x < w; x++) {
    push(x, 0);
    push(x, h - 1);
  }
  for (let y = 0; y < h; y++) {
    push(0, y);
    push(w - 1, y);
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    push(x + 1, y);
    push(x - 1, y);
    push(x, y + 1);
    push(x, y - 1);
  }
  const letters: { colour: number[]; touches: boolean }[] = [];
  for (let y = y0 - by0; y < y1 - by0; y++) {
    for (let x = x0 - bx0; x < x1 - bx0; x++) {
      if (reached[y * w + x]) continue;
      const touches = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].some(([dx, dy]) => {
        const nx = x + dx!,
          ny = y + dy!;
        return nx >= 0 && ny >= 0 && nx < w && ny < h && reached[ny * w + nx] === 1;
      });
      letters.push({ colour: at(bx0 + x, by0 + y), touches });
    }
  }
  const boxPixels = Math.max(1, (x1 - x0) * (y1 - y0));
  // Nothing reached (letters over a busy picture, no even backdrop): the letters are the colour far from the backdrop.
  if (letters.length < 4 || letters.length > 0.9 * boxPixels) return farFromBackdrop({ x0, y0, x1, y1 }, backdrop, at);
  const clusters = twoMeans(letters.map((l) => l.colour));
  const touching = clusters.map((c) => {
    const members = new Set(c.points);
    const list = letters.filter((l) => members.has(l.colour));
    return list.length ? list.filter((l) => l.touches).length / list.length : 1;
  });
  const enclosed = touching[0]! <= touching[1]! ? 0 : 1;
  const other = 1 - enclosed;
  const fill = clusters[enclosed]!.n >= FILL_SHARE * clusters[other]!.n && clusters[enclosed]!.n > 0 ? clusters[enclosed]! : clusters[other]!;
  const rest = fill === clusters[enclosed] ? clusters[other]! : clusters[enclosed]!;
  // Letter edges blend into what surrounds them: the core of the fill (its half farthest from the
  // other colour) is the colour as drawn.
  const away = rest.n > 0 ? rest.centre : backdrop;
  const core = [...fill.points].sort((a, b) => dist(b, away) - dist(a, away)).slice(0, Math.max(1, Math.ceil(fill.points.length / 2)));
  return rgbToHex([0, 1, 2].map((c) => core.reduce((sum, p) => sum + p[c]!, 0) / core.length) as [number, number, number]);
}

/** The colour inside the box that is common and far from the backdrop (letters over a picture). */
function farFromBackdrop(b: { x0: number; y0: number; x1: number; y1: number }, backdrop: number[], at: (x: number, y: number) => number[]): string {
  const inside: number[][] = [];
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const p = at(x, y);
      if (dist(p, backdrop) >= 90) inside.push(p);
    }
  }
  if (!inside.length) return rgbToHex([255 - backdrop[0]!, 255 - backdrop[1]!, 255 - backdrop[2]!]);
  const clusters = twoMeans(inside);
  const best = clusters.reduce((a, c) => (c.n * dist(c.centre, backdrop) > a.n * dist(a.centre, backdrop) ? c : a));
  const core = best.points.sort((a, c) => dist(c, backdrop) - dist(a, backdrop)).slice(0, Math.max(1, Math.ceil(best.points.length / 2)));
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

/**
 * The rows of `box` (grown by half its height up and down) where letters of `colour` are, as runs
 * [top, bottom) of at least 2 % of the box's width in that colour, gaps of a pixel or two closed:
 * one run per line of text. OCR boxes of outlined captions often reach far above and below the
 * letters (twice their height); the colour's own rows do not. Empty when the colour is everywhere
 * (letters the backdrop's colour) or nowhere.
 */
export function letterRows(img: RgbaImage, box: PixelBox, colour: string): { top: number; bottom: number }[] {
  const target = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  const grow = Math.round(box.height * 0.5);
  const x0 = Math.max(0, Math.floor(box.x)),
    x1 = Math.min(img.width, Math.ceil(box.x + box.width));
  const y0 = Math.max(0, Math.floor(box.y) - grow),
    y1 = Math.min(img.height, Math.ceil(box.y + box.height) + grow);
  const need = Math.max(2, (x1 - x0) * 0.02);
  const hit: boolean[] = [];
  for (let y = y0; y < y1; y++) {
    let count = 0;
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      if (dist([img.data[i]!, img.data[i + 1]!, img.data[i + 2]!], target) < 80) count++;
    }
    hit.push(count >= need);
  }
  const runs: { top: number; bottom: number }[] = [];
  let start = -1;
  let gap = 0;
  for (let r = 0; r <= hit.length; r++) {
    if (r < hit.length && hit[r]) {
      if (start < 0) start = r;
      gap = 0;
    } else if (start >= 0 && (r === hit.length || ++gap > 2)) {
      runs.push({ top: y0 + start, bottom: y0 + r - gap + (r === hit.length ? 0 : 1) });
      start = -1;
      gap = 0;
    }
  }
  const rows = runs.filter((run) => run.bottom - run.top >= 3);
  const covered = rows.reduce((sum, run) => sum + run.bottom - run.top, 0);
  return covered >= 0.9 * (y1 - y0) ? [] : rows;
}
