import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { illustrateScene } from '../../../src/pipelines/shorts/illustrator/illustrate-scene.js';
import { choosePictures } from '../../../src/pipelines/shorts/illustrator/match-pictures.js';
import { productSceneIndexes } from '../../../src/pipelines/shorts/short-product.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { drawScenePicture } from '../../../src/pipelines/shorts/scene-pictures.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZE = { width: 90, height: 160 };
const ORANGE = [0xff, 0x6a, 0x10] as const;

/** A cut-out product: an orange bottle on transparency. */
function bottle(): RgbaImage {
  const width = 40,
    height = 100;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(y < 15 && (x < 10 || x >= 30) ? [0, 0, 0, 0] : [...ORANGE, 255], (y * width + x) * 4);
  return { width, height, data };
}

function orangeShare(img: RgbaImage): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4)
    if (Math.abs(img.data[i]! - ORANGE[0]) + Math.abs(img.data[i + 1]! - ORANGE[1]) + Math.abs(img.data[i + 2]! - ORANGE[2]) < 60) n++;
  return n / (img.width * img.height);
}

const scenes = (texts: string[]) => texts.map((text) => ({ text, confidence: choosePictures(text, 1).confidence }));

describe('the product in a short', () => {
  it('chooses at least a third of the scenes: those naming it or nothing drawable, the last, then those pointing at it', () => {
    const ad = scenes([
      'Meet the TrailFlask.',
      'It fits your cup holder.',
      'Ice cold for a whole day.',
      'Dishwasher safe, top to bottom.',
      'Hot coffee stays hot until lunch.',
      'Order yours today.',
    ]);
    // "It fits …" is about the product (its subject is "it"): the product, not a car beside it.
    expect([...productSceneIndexes(ad, null)].sort()).toEqual([0, 1, 5]);
    // With the name known, the name says it too; a third of six is two.
    expect(
      [
        ...productSceneIndexes(scenes(['Ice cold for a whole day.', 'The TrailFlask goes anywhere.', 'Hot coffee stays hot.']), 'Northpeak TrailFlask 32 oz'),
      ].sort(),
    ).toEqual([1, 2]);
    // Every sentence about something drawable: the last, then the one pointing at the product.
    const drawable = scenes([
      'Ice cold for a whole day.',
      'Dishwasher safe.',
      'It fits your cup holder.',
      'Hot coffee until lunch.',
      'Crispy fries.',
      'Free shipping.',
    ]);
    expect([...productSceneIndexes(drawable, null)].sort()).toEqual([2, 5]);
    // Nothing drawable anywhere: the product throughout, never a guess.
    expect(productSceneIndexes(scenes(['You deserve it.', 'Because you are worth it.']), null).size).toBe(2);
    for (let n = 1; n <= 12; n++) {
      const some = scenes(Array.from({ length: n }, () => 'Crispy fries with almost no oil.'));
      expect(productSceneIndexes(some, null).size, `${n} scenes`).toBeGreaterThanOrEqual(Math.ceil(n / 3));
    }
  });

  it('draws the product in its own colours over any style, whole; a sentence naming nothing drawable gets a neutral design', async () => {
    for (const style of SHORT_STYLES) {
      const withProduct = await illustrateScene({
        text: 'You deserve something that just works.',
        style,
        ...SIZE,
        seed: 1,
        product: { image: bottle(), cutOut: true },
      });
      expect(withProduct.shows).toBe('product');
      // The bottle fills a large part of the frame, its orange untouched by the style's look.
      expect(orangeShare(withProduct.image), style).toBeGreaterThan(0.08);
      const neutral = await illustrateScene({ text: 'You deserve something that just works.', style, ...SIZE, seed: 1 });
      expect([neutral.shows, neutral.icons]).toEqual(['neutral', []]);
      expect(orangeShare(neutral.image), style).toBeLessThan(0.005);
    }
    // Whole and clear of the cinematic letterbox (an eighth of the height; 2.39:1 in 16:9 leaves
    // 12.8 %), with room for the motion's zoom: no product pixel in the top 16 %, in 16:9 and 9:16.
    for (const size of [SIZE, { width: 320, height: 180 }]) {
      const cine = await illustrateScene({ text: 'Order yours today.', style: 'Cinematic', ...size, seed: 1, product: { image: bottle(), cutOut: true } });
      const rows = Math.floor(size.height * 0.16);
      const top = { ...cine.image, height: rows, data: cine.image.data.subarray(0, rows * size.width * 4) };
      expect(orangeShare(top), `${size.width}x${size.height}`).toBe(0);
      expect(orangeShare(cine.image)).toBeGreaterThan(0.05);
    }
    const car = await illustrateScene({ text: 'It fits your cup holder.', style: 'Cartoonish', ...SIZE, seed: 1, product: { image: bottle(), cutOut: true } });
    // A product scene is the product, large: no clip art beside it (issue 28 pt 6, the trial's second look).
    expect([car.shows, car.icons]).toEqual(['product', []]);
  }, 30_000);
});

describe('the product over a remote painter', () => {
  it("stands in the middle of the provider's picture, in its own colours", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'short-product-'));
    await mkdir(join(dir, 'scenes'));
    try {
      const flat = (w: number, h: number): RgbaImage => ({ width: w, height: h, data: new Uint8Array(w * h * 4).fill(200) });
      const generator = {
        model: 'flat-grey',
        generate: async (r: { width: number; height: number }) => [flat(r.width, r.height)],
        edit: async () => [],
      };
      const pic = await drawScenePicture(
        { index: 0, text: 'Order yours today.', style: 'Cinematic', ...SIZE, seed: 1, dir, product: { image: bottle(), cutOut: true } },
        { generator },
      );
      expect([pic.drawnBy, pic.shows]).toEqual(['remote:flat-grey', 'product']);
      expect(orangeShare(await decodeImage(join(dir, pic.file)))).toBeGreaterThan(0.08);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
