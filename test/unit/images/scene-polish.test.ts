import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { toOklch, rgbToHex } from '../../../src/pipelines/images/backgrounds/colour.js';
import { chooseScene, MIN_BACKDROP_CONTRAST } from '../../../src/pipelines/images/staging/choose-scene.js';
import { stageProduct } from '../../../src/pipelines/images/staging/stage-product.js';
import { bottleCutout, meanRgb } from './staging-helpers.js';

const W = 320,
  H = 180;

/** Luma of each pixel minus the mean of its 11×11 neighbourhood: how far a vein stands out from the stone around it. */
function veinContrast(img: RgbaImage, top: number): { p995: number; mean: number } {
  const luma = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return 0.2126 * img.data[i]! + 0.7152 * img.data[i + 1]! + 0.0722 * img.data[i + 2]!;
  };
  const diffs: number[] = [];
  let sum = 0;
  for (let y = top + 6; y < img.height - 6; y += 1)
    for (let x = 6; x < img.width - 6; x += 1) {
      let s = 0;
      for (let dy = -5; dy <= 5; dy += 2) for (let dx = -5; dx <= 5; dx += 2) s += luma(x + dx, y + dy);
      const d = Math.abs(luma(x, y) - s / 36);
      diffs.push(d);
      sum += luma(x, y);
    }
  diffs.sort((a, b) => a - b);
  return { p995: diffs[Math.floor(diffs.length * 0.995)]!, mean: sum / diffs.length };
}

describe('marble surface', () => {
  it('has soft, low-contrast veins on a light Carrara base unless black is asked for', async () => {
    const { cutout } = await bottleCutout();
    for (const seed of [1, 2, 3]) {
      const white = await stageProduct({ product: cutout, width: W, height: H, seed, prompt: 'marble countertop' });
      expect(white.kind).toBe('marble-surface');
      const floorTop = Math.round(H * 0.72);
      const w = veinContrast(white.background, floorTop);
      expect(w.mean, `seed ${seed}`).toBeGreaterThan(150);
      // Old veins were lines 60–100 levels away from the stone; polished ones stay within ~25.
      expect(w.p995, `seed ${seed}`).toBeLessThan(22);
      const black = await stageProduct({ product: cutout, width: W, height: H, seed, prompt: 'black marble' });
      const b = veinContrast(black.background, floorTop);
      expect(b.mean).toBeLessThan(70);
      expect(b.p995, `black seed ${seed}`).toBeLessThan(28);
    }
  });
});

describe('colour words beat mood words', () => {
  const red = ['#c0392b'];
  it('"white marble luxury" is light marble on a light backdrop, with a warm light', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const c = chooseScene('white marble luxury', seed, red);
      expect(c.kind).toBe('marble-surface');
      expect(['white', 'calacatta']).toContain(c.variant);
      expect(c.lightness).toBeGreaterThan(0.7);
      expect(c.warmth).toBeGreaterThan(0.3);
    }
    const { cutout } = await bottleCutout();
    const s = await stageProduct({ product: cutout, width: W, height: H, seed: 3, prompt: 'white marble luxury' });
    const floor = meanRgb(s.background, { x: 0, y: Math.round(H * 0.8), width: W, height: Math.round(H * 0.2) - 1 });
    const wall = meanRgb(s.background, { x: 0, y: 0, width: W, height: Math.round(H * 0.4) });
    expect(toOklch(rgbToHex(floor)).l).toBeGreaterThan(0.7);
    expect(toOklch(rgbToHex(wall)).l).toBeGreaterThan(0.6);
  });

  it('only black, dark or nero words give black marble', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      expect(chooseScene('luxury marble', seed, red).variant).not.toBe('black');
      expect(chooseScene('black marble', seed, red).variant).toBe('black');
      expect(chooseScene('marble, dark and moody', seed, red).variant).toBe('black');
    }
  });

  it('a colour before a surface noun colours the surface; before backdrop, the backdrop', () => {
    for (const seed of [1, 2, 3]) {
      const podium = chooseScene('white podium luxury', seed, red);
      expect(podium.kind).toBe('podium');
      expect(toOklch(podium.surfaceColour!).l).toBeGreaterThan(0.9);
      expect(podium.lightness).toBeGreaterThan(0.6);
      const pink = chooseScene('pink backdrop, dark and moody', seed, red);
      expect(pink.colourWord).toBe('pink');
      expect(Math.abs(((pink.hue - 355 + 540) % 360) - 180)).toBeLessThan(15);
      const whiteGlossy = chooseScene('white glossy floor', seed, red);
      expect(whiteGlossy.kind).toBe('reflection-floor');
      expect(whiteGlossy.lightness).toBeGreaterThan(0.6);
      const lux = chooseScene('white backdrop luxury', seed, red);
      expect(lux.lightness).toBeGreaterThan(0.85);
    }
  });
});

describe('palette backdrop contrast', () => {
  it('keeps the wall beside the product clearly apart from the product colour, for any product colour', async () => {
    for (const body of ['#c0392b', '#2e6fd8', '#e8c53a', '#2f8f4e', '#f2a7c3', '#222222']) {
      const { cutout } = await bottleCutout({ body });
      for (const seed of [1, 2, 3, 4]) {
        const s = await stageProduct({ product: cutout, width: W, height: H, seed, scene: 'palette-backdrop' });
        const { box } = s.product;
        // The wall at the frame's sides (away from the accent disc) and the floor either side of the product.
        const midRows = { y: box.y + Math.round(box.height * 0.3), height: Math.round(box.height * 0.3) };
        const floorRows = { y: box.y + box.height - 8, height: 6 };
        const regions = [
          { x: 2, width: 16, ...midRows },
          { x: W - 18, width: 16, ...midRows },
          { x: Math.max(0, box.x - 40), width: 30, ...floorRows },
          { x: Math.min(W - 30, box.x + box.width + 10), width: 30, ...floorRows },
        ];
        const p = lab(toOklch(s.palette[0]!));
        for (const region of regions) {
          const a = lab(toOklch(rgbToHex(meanRgb(s.background, region))));
          const d = Math.hypot(a[0] - p[0], a[1] - p[1], a[2] - p[2]);
          expect(d, `${body} seed ${seed} at ${region.x},${region.y}`).toBeGreaterThan(MIN_BACKDROP_CONTRAST - 0.06);
        }
      }
    }
  });
});

function lab(c: { l: number; c: number; h: number }): [number, number, number] {
  return [c.l, c.c * Math.cos((c.h * Math.PI) / 180), c.c * Math.sin((c.h * Math.PI) / 180)];
}
