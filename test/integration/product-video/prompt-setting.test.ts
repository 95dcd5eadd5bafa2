import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixelBox, RgbaImage } from '../../../src/core/raster.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/fake-url-fetcher.js';
import { createBorderKeyCutout } from '../../../src/engines/image/border-key-cutout.js';
import { fakeCropper, fakeSegmenter } from '../../../src/engines/image/fakes.js';
import { makeProductImage, type ProductImage } from '../../../src/pipelines/product-video/product-image.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

/**
 * Product Video's image step reads the prompt's setting words as the asset generator does
 * (`images/settings/`): "granite, mountain" is a granite ledge before a mountain range under a sky,
 * told apart by its pixels from the marble studio the trial got for the same words.
 */
const W = 192;
const H = 108;
const URL = 'https://shop.example/bottle.jpg';
let fx: FixtureDir;
let fetcher: FakeUrlFetcher;
const images = { cutout: createBorderKeyCutout(), segmenter: fakeSegmenter, cropper: fakeCropper, generator: null };

async function staged(prompt: string, name: string): Promise<ProductImage> {
  const dir = fx.path(name);
  await mkdir(dir);
  return makeProductImage({ productUrl: URL, showcaseUrl: null, presenter: null, width: W, height: H, prompt, seed: 4, dir }, { images, fetcher });
}

const luma = (img: RgbaImage, x: number, y: number) => {
  const i = (y * img.width + x) * 4;
  return 0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]!;
};
const outside = (box: PixelBox, x: number, y: number) => x < box.x - 2 || x >= box.x + box.width + 2 || y < box.y - 2 || y >= box.y + box.height + 2;

/** Mean red, green and blue over rows `y0`..`y1` (the product's box left out). */
function meanRgb(img: RgbaImage, box: PixelBox, y0: number, y1: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < img.width; x++) {
      if (!outside(box, x, y)) continue;
      const i = (y * img.width + x) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += img.data[i + c]!;
      n++;
    }
  return sum.map((s) => s / n) as [number, number, number];
}

/** Columns (outside the product) with a sharp step in brightness between two rows above the floor: ridgelines, not a wall's soft light. */
function ridgeColumns(img: RgbaImage, box: PixelBox, floorY: number): number {
  let columns = 0;
  for (let x = 0; x < img.width; x++) {
    let found = false;
    for (let y = 1; y < floorY - 2 && !found; y++) {
      if (!outside(box, x, y)) continue;
      if (Math.abs(luma(img, x, y) - luma(img, x, y - 1)) > 12) found = true;
    }
    if (found) columns++;
  }
  return columns / img.width;
}

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-product-setting-');
  const photo = await productPhoto({ width: 240, height: 300 });
  fetcher = new FakeUrlFetcher({ [URL]: { body: photo.jpeg, contentType: 'image/jpeg' } });
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

describe('Product Video: the prompt chooses the setting', () => {
  it('"granite, mountain" is an outdoor stone scene (sky, ridgelines, a grey stone ledge), unlike the marble studio', async () => {
    const [mountain, studio] = await Promise.all([staged('granite, mountain', 'mountain'), staged('marble studio', 'studio')]);
    expect(mountain.scene.kind).toBe('setting');
    expect(mountain.scene.description).toMatch(/mountain.*granite/);
    expect(studio.scene.description).toMatch(/studio.*marble/);
    const [m, s] = [mountain.scene.composite, studio.scene.composite];
    const [mBox, sBox] = [mountain.scene.product.box, studio.scene.product.box];
    // The product stands where the floor meets the scene: its foot is on the ledge.
    const floorY = Math.round(H * 0.7);

    // A sky: the top of the frame is clearly blue, and lighter toward the horizon than at the top.
    const [r, g, b] = meanRgb(m, mBox, 0, Math.round(H * 0.12));
    expect(b - r, `sky ${r.toFixed(0)},${g.toFixed(0)},${b.toFixed(0)}`).toBeGreaterThan(30);
    // Ridgelines: most columns have a sharp brightness step above the floor; a studio wall has none.
    const [mRidges, sRidges] = [ridgeColumns(m, mBox, floorY), ridgeColumns(s, sBox, floorY)];
    expect(mRidges, 'columns with a ridgeline (mountain)').toBeGreaterThan(0.6);
    expect(sRidges, 'columns with a step (studio)').toBeLessThan(0.2);
    // A stone ledge: a mid grey (little colour), well darker than the studio's pale polished marble.
    const ledge = meanRgb(m, mBox, Math.round(H * 0.86), H);
    const marble = meanRgb(s, sBox, Math.round(H * 0.86), H);
    const lightness = (c: number[]) => (c[0]! + c[1]! + c[2]!) / 3;
    console.info(
      `sky ${[r, g, b].map((v) => v.toFixed(0)).join(',')}; ridge columns ${mRidges.toFixed(2)} vs ${sRidges.toFixed(2)}; ledge ${ledge.map((v) => v.toFixed(0)).join(',')} vs marble ${marble.map((v) => v.toFixed(0)).join(',')}`,
    );
    expect(Math.max(...ledge) - Math.min(...ledge), 'ledge colourfulness').toBeLessThan(25);
    expect(lightness(ledge)).toBeGreaterThan(60);
    expect(lightness(ledge)).toBeLessThan(lightness(marble) - 40);

    // The product's own pixels are the cut-out's, untouched by the setting, in both.
    for (const scene of [mountain.scene, studio.scene]) {
      const { image, box } = scene.product;
      let opaque = 0,
        same = 0;
      for (let y = 0; y < box.height; y++)
        for (let x = 0; x < box.width; x++) {
          const i = (y * box.width + x) * 4;
          if (image.data[i + 3]! < 255) continue;
          opaque++;
          const j = ((box.y + y) * W + box.x + x) * 4;
          if ([0, 1, 2].every((c) => Math.abs(image.data[i + c]! - scene.composite.data[j + c]!) <= 1)) same++;
        }
      expect(opaque).toBeGreaterThan(200);
      expect(same / opaque).toBeGreaterThan(0.99);
    }
  });
});
