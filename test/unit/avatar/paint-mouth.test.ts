import { describe, expect, it } from 'vitest';
import type { Point, RgbaImage } from '../../../src/engines/face/index.js';
import { mouthPalette } from '../../../src/pipelines/avatar/photo/mouth-palette.js';
import { paintMouthInterior } from '../../../src/pipelines/avatar/photo/paint-mouth.js';

const W = 200;
const H = 170;
const SKIN = [205, 160, 140] as const;
const LIPS = [165, 85, 85] as const;

/** 68 landmarks with a mouth 60 px wide at (100, 97), its lips `gapPx` apart (others unused). */
function mouthLandmarks(gapPx: number): Point[] {
  const points: Point[] = Array.from({ length: 68 }, () => [100, 60] as Point);
  const set = (i: number, x: number, y: number) => (points[i] = [x, y]);
  // Outer lips: the upper stays, the lower rides down with the gap.
  set(48, 70, 97);
  set(49, 80, 89);
  set(50, 90, 86);
  set(51, 100, 87);
  set(52, 110, 86);
  set(53, 120, 89);
  set(54, 130, 97);
  set(55, 120, 106 + gapPx);
  set(56, 110, 109 + gapPx);
  set(57, 100, 110 + gapPx);
  set(58, 90, 109 + gapPx);
  set(59, 80, 106 + gapPx);
  // Inner lips: the upper curve at y 95–97, the lower one gapPx under it.
  set(60, 73, 97);
  set(61, 87, 95);
  set(62, 100, 94.5);
  set(63, 113, 95);
  set(64, 127, 97);
  set(65, 113, 95 + gapPx);
  set(66, 100, 94.5 + gapPx);
  set(67, 87, 95 + gapPx);
  return points;
}

function inside(poly: readonly Point[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** Skin, with the lips (and what the warp stretched between them) in lip colour. */
function face(points: readonly Point[]): RgbaImage {
  const data = new Uint8ClampedArray(W * H * 4);
  const outer = points.slice(48, 60);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = inside(outer, x + 0.5, y + 0.5) ? LIPS : SKIN;
      data.set([c[0], c[1], c[2], 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data: data as unknown as Buffer };
}

const luma = (d: ArrayLike<number>, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

function paintAndMeasure(gapPx: number) {
  const points = mouthLandmarks(gapPx);
  const image = face(points);
  paintMouthInterior(image, points, 1);
  const inner = points.slice(60, 68);
  const outer = points.slice(48, 60);
  const interior: Array<{ y: number; i: number }> = [];
  let lipSum = 0;
  let lipCount = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      if (inside(inner, x + 0.5, y + 0.5)) interior.push({ y, i });
      else if (inside(outer, x + 0.5, y + 0.5)) {
        lipSum += luma(image.data, i);
        lipCount++;
      }
    }
  }
  const d = image.data;
  const nearWhite = interior.filter(({ i }) => luma(d, i) > 185).length / interior.length;
  const meanLuma = interior.reduce((s, { i }) => s + luma(d, i), 0) / interior.length;
  // Mean brightness and redness (r − g) per row of the opening.
  const rows = new Map<number, { luma: number; red: number; n: number }>();
  for (const { y, i } of interior) {
    const row = rows.get(y) ?? { luma: 0, red: 0, n: 0 };
    row.luma += luma(d, i);
    row.red += d[i]! - d[i + 1]!;
    row.n++;
    rows.set(y, row);
  }
  const ys = [...rows.keys()].sort((a, b) => a - b);
  const brightestRow = ys.reduce((best, y) => (rows.get(y)!.luma / rows.get(y)!.n > rows.get(best)!.luma / rows.get(best)!.n ? y : best), ys[0]!);
  const lowerThird = ys.filter((y) => y >= 94.5 + (gapPx * 2) / 3);
  const lowerRed = lowerThird.reduce((s, y) => s + rows.get(y)!.red, 0) / lowerThird.reduce((s, y) => s + rows.get(y)!.n, 0);
  const maxLuma = Math.max(...interior.map(({ i }) => luma(d, i)));
  return { nearWhite, meanLuma, lipLuma: lipSum / lipCount, brightestRow, top: 94.5, gapPx, lowerRed, maxLuma };
}

/** Mean brightness of each row of the opening's middle (a third of its width), top to bottom. */
function middleProfile(gapPx: number, lowerTeeth = 0.7): number[] {
  const points = mouthLandmarks(gapPx);
  const image = face(points);
  paintMouthInterior(image, points, { palette: mouthPalette(image, points), lowerTeeth });
  const rows: number[] = [];
  for (let y = 95; y < 94.5 + gapPx; y++) {
    let sum = 0;
    for (let x = 90; x <= 110; x++) sum += luma(image.data, (y * W + x) * 4);
    rows.push(sum / 21);
  }
  return rows;
}

const SKIN_LUMA = 0.299 * SKIN[0] + 0.587 * SKIN[1] + 0.114 * SKIN[2];

describe('painted mouth interior', () => {
  for (const gap of [8, 14, 24]) {
    it(`opening ${gap} px: mostly dark, no white stripe, darker than the lips`, () => {
      const m = paintAndMeasure(gap);
      expect(m.nearWhite).toBeLessThan(0.3);
      expect(m.maxLuma).toBeLessThan(SKIN_LUMA * 1.2); // the teeth are in the skin's light, never white
      expect(m.meanLuma).toBeLessThan(m.lipLuma - 25);
    });
  }

  it('a wide opening: a band of teeth as light as the skin under the upper lip, then a dark cavity', () => {
    const rows = middleProfile(24);
    const topRows = rows.slice(0, Math.round(rows.length * 0.4));
    const teeth = topRows.filter((v) => v > SKIN_LUMA * 0.8).length;
    const brightest = rows.indexOf(Math.max(...rows));
    const darkest = rows.indexOf(Math.min(...rows));
    expect(teeth).toBeGreaterThanOrEqual(3);
    expect(Math.max(...topRows)).toBeGreaterThan(SKIN_LUMA * 0.9);
    expect(Math.min(...rows)).toBeLessThan(45);
    expect(brightest).toBeLessThan(darkest);
  });

  it('the teeth band sits under the upper lip: the brightest row is in the top part of the opening', () => {
    for (const gap of [14, 24]) {
      const m = paintAndMeasure(gap);
      expect(m.brightestRow).toBeGreaterThanOrEqual(Math.floor(m.top));
      expect(m.brightestRow).toBeLessThan(m.top + gap * 0.4);
    }
  });

  it('lower teeth show above the lower lip when asked, not on a rounded mouth', () => {
    const spread = middleProfile(14, 1);
    const rounded = middleProfile(14, 0);
    const bottom = (rows: number[]) => Math.max(...rows.slice(-4));
    expect(bottom(spread)).toBeGreaterThan(bottom(rounded) + 40);
  });

  it('a wide opening shows a tongue low in the mouth; a narrow one does not', () => {
    const wide = paintAndMeasure(24);
    const narrow = paintAndMeasure(8);
    expect(wide.lowerRed).toBeGreaterThan(30);
    expect(wide.lowerRed).toBeGreaterThan(narrow.lowerRed + 15);
  });

  it('a closed mouth is left as in the photo', () => {
    const points = mouthLandmarks(0.5);
    const image = face(points);
    const before = Buffer.from(image.data);
    paintMouthInterior(image, points, 1);
    expect(Buffer.compare(before, Buffer.from(image.data))).toBe(0);
  });
});
