import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexToRgb, toOklch } from '../../../src/pipelines/images/backgrounds/colour.js';
import { PROCEDURAL_BACKGROUNDS, renderBackground } from '../../../src/pipelines/images/backgrounds/procedural.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { productPalette } from '../../../src/pipelines/images/staging/palette.js';
import { saveStagedLayers } from '../../../src/pipelines/images/staging/save-layers.js';
import { stageProduct } from '../../../src/pipelines/images/staging/stage-product.js';
import { bottleCutout, meanAbsDiff, sameBytes, variance } from './staging-helpers.js';

const COLOURS = ['#1e6091', '#f4a261', '#2a9d8f'];

/** Share of pixels within a small distance of one of the given colours or their blends. */
function nearGiven(img: { data: Uint8Array }, colours: string[]): number {
  const rgbs = colours.map(hexToRgb);
  let near = 0,
    n = 0;
  for (let i = 0; i < img.data.length; i += 16) {
    n++;
    const p = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
    if (rgbs.some((c) => Math.abs(c[0] - p[0]!) + Math.abs(c[1] - p[1]!) + Math.abs(c[2] - p[2]!) < 90)) near++;
  }
  return near / n;
}

describe('renderBackground', () => {
  it('draws every kind from the given colours, textured, seeded', async () => {
    const outputs = [];
    for (const kind of PROCEDURAL_BACKGROUNDS) {
      const a = await renderBackground(kind, { width: 160, height: 90, seed: 4, colors: COLOURS });
      const b = await renderBackground(kind, { width: 160, height: 90, seed: 4, colors: COLOURS });
      const c = await renderBackground(kind, { width: 160, height: 90, seed: 5, colors: COLOURS });
      expect(a.width * a.height * 4).toBe(a.data.length);
      expect(variance(a), kind).toBeGreaterThan(60);
      expect(nearGiven(a, COLOURS), kind).toBeGreaterThan(0.3);
      expect(sameBytes(a, b), kind).toBe(true);
      expect(meanAbsDiff(a, c), kind).toBeGreaterThan(2);
      for (let i = 3; i < a.data.length; i += 4) if (a.data[i] !== 255) throw new Error(`${kind} is not opaque`);
      outputs.push(a);
    }
    for (let i = 0; i < outputs.length; i++)
      for (let j = i + 1; j < outputs.length; j++) {
        expect(meanAbsDiff(outputs[i]!, outputs[j]!), `${PROCEDURAL_BACKGROUNDS[i]} vs ${PROCEDURAL_BACKGROUNDS[j]}`).toBeGreaterThan(4);
      }
  });

  it('follows the colours it is given', async () => {
    const warm = await renderBackground('low-poly', { width: 120, height: 80, seed: 1, colors: ['#d62828', '#f77f00'] });
    const cold = await renderBackground('low-poly', { width: 120, height: 80, seed: 1, colors: ['#023e8a', '#0096c7'] });
    const mean = (img: typeof warm, c: number) => {
      let s = 0;
      for (let i = c; i < img.data.length; i += 4) s += img.data[i]!;
      return s / (img.data.length / 4);
    };
    expect(mean(warm, 0)).toBeGreaterThan(mean(warm, 2) + 60);
    expect(mean(cold, 2)).toBeGreaterThan(mean(cold, 0) + 60);
  });
});

describe('productPalette', () => {
  it('lists the product colours, most prominent first, from opaque pixels only', async () => {
    const { cutout } = await bottleCutout();
    const palette = productPalette(cutout);
    expect(palette.length).toBeGreaterThanOrEqual(3);
    expect(palette.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    const body = toOklch(palette[0]!);
    expect(Math.abs(body.h - toOklch('#c0392b').h)).toBeLessThan(8);
    expect(palette.some((c) => toOklch(c).l < 0.3)).toBe(true); // the dark cap
    expect(palette.some((c) => toOklch(c).l > 0.85)).toBe(true); // the cream label
    // The grey backdrop is transparent in the cut-out and must not appear.
    expect(palette.some((c) => toOklch(c).c < 0.02 && Math.abs(toOklch(c).l - toOklch('#dcdcdc').l) < 0.05)).toBe(false);
  });
});

describe('saveStagedLayers', () => {
  it('writes each layer as a PNG of its size', async () => {
    const { cutout } = await bottleCutout();
    const scene = await stageProduct({ product: cutout, width: 160, height: 90, seed: 1, scene: 'reflection-floor' });
    const dir = await mkdtemp(join(tmpdir(), 'staged-'));
    try {
      const files = await saveStagedLayers(scene, dir);
      const product = await decodeImage(files.product.png);
      expect([product.width, product.height]).toEqual([scene.product.box.width, scene.product.box.height]);
      const shadow = await decodeImage(files.shadowPng!);
      expect([shadow.width, shadow.height]).toEqual([160, 90]);
      expect(sameBytes(await decodeImage(files.compositePng), scene.composite)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
