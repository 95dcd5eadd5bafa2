import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { createRng } from '../../../src/core/random.js';
import { isGridAccent, renderBackground } from '../../../src/pipelines/images/backgrounds/procedural.js';
import { cartoon } from '../../../src/pipelines/images/style-filters.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

const rgbAt = (img: RgbaImage, x: number, y: number) => {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
const lumaAt = (img: RgbaImage, x: number, y: number) => {
  const [r, g, b] = rgbAt(img, x, y);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('cartoon filter', () => {
  it('leaves the plain backdrop as clean flat bands, with no speckled strip', async () => {
    const photo = await productPhoto({ width: 240, height: 300 });
    for (const variation of [0, 1, 2]) {
      const out = await cartoon(photo.rgba, { levels: 5 }, createRng(7), variation);
      // Speckle: a backdrop pixel whose colour differs from most of its 8 neighbours.
      let speckles = 0,
        counted = 0;
      const { box } = photo;
      for (let y = 1; y < out.height - 1; y++)
        for (let x = 1; x < out.width - 1; x++) {
          if (x > box.x - 6 && x < box.x + box.width + 6 && y > box.y - 6 && y < box.y + box.height + 6) continue;
          counted++;
          const c = rgbAt(out, x, y).join();
          let differ = 0;
          for (const [dx, dy] of [
            [-1, -1],
            [0, -1],
            [1, -1],
            [-1, 0],
            [1, 0],
            [-1, 1],
            [0, 1],
            [1, 1],
          ] as const)
            if (rgbAt(out, x + dx, y + dy).join() !== c) differ++;
          if (differ >= 5) speckles++;
        }
      expect(speckles / counted, `variation ${variation}`).toBeLessThan(0.002);
    }
  });
});

describe('background grid', () => {
  it('accent cells follow a regular rhythm', () => {
    for (const [period, phase] of [
      [5, 0],
      [6, 3],
      [7, 2],
    ] as const) {
      let accents = 0;
      for (let row = 0; row < 12; row++)
        for (let col = 0; col < 12; col++) {
          const a = isGridAccent(col, row, period, phase);
          if (a) accents++;
          // The same cell one period along, and one row down shifted back two, carry the accent too.
          expect(isGridAccent(col + period, row, period, phase)).toBe(a);
          expect(isGridAccent(col - 2, row + 1, period, phase)).toBe(a);
        }
      expect(accents / 144).toBeCloseTo(1 / period, 1);
    }
  });

  it('has no dark blocks: nothing stands far darker than the backdrop around it', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const img = await renderBackground('grid', { width: 320, height: 320, seed, colors: seed % 2 ? ['#0f172a', '#38bdf8'] : [] });
      // Local base: the mean over a 41 px neighbourhood (sampled), against which a dark block would stand out.
      let darkPx = 0;
      for (let y = 20; y < 300; y += 2)
        for (let x = 20; x < 300; x += 2) {
          let s = 0,
            n = 0;
          for (let dy = -20; dy <= 20; dy += 5)
            for (let dx = -20; dx <= 20; dx += 5) {
              s += lumaAt(img, x + dx, y + dy);
              n++;
            }
          // A 7×7 block mean, so the thin grid lines average away and only filled blocks count.
          let b = 0;
          for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) b += lumaAt(img, x + dx, y + dy);
          if (b / 49 < s / n - 12) darkPx++;
        }
      expect(darkPx / (140 * 140), `seed ${seed}`).toBeLessThan(0.003);
    }
  });
});
