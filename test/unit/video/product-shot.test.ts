import { beforeAll, describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { analysePhoto } from '../../../src/pipelines/video/product-photo.js';
import { drawShot, planShot, type AnalysedPhoto } from '../../../src/pipelines/video/product-shot.js';
import { productPhoto, type ProductPhoto } from '../../helpers/product-fixtures.js';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TALL = { width: 1080, height: 1920 };
const KEEP = { x0: 0.05, y0: 0.25, x1: 0.95, y1: 0.75 };
const inside = (p: { x: number; y: number; width: number; height: number }, k: typeof KEEP, shot: { width: number; height: number }) =>
  p.x >= k.x0 * shot.width - 1 && p.y >= k.y0 * shot.height - 1 && p.x + p.width <= k.x1 * shot.width + 1 && p.y + p.height <= k.y1 * shot.height + 1;

describe('product shots: planned', () => {
  it('crops a photo to fill the shot when the product fits the keep area, the product whole inside it', () => {
    // A landscape photo, the product small and off to the right: the window slides to it.
    const plan = planShot({ width: 3000, height: 2000 }, { x: 2000, y: 700, width: 300, height: 500 }, TALL, KEEP);
    expect(plan.kind).toBe('crop');
    if (plan.kind !== 'crop') return;
    expect(plan.window.width / plan.window.height).toBeCloseTo(9 / 16, 2);
    expect(plan.window.x).toBeGreaterThan(1000);
    expect(inside(plan.product, KEEP, TALL)).toBe(true);
  });

  it('designs the shot when no crop keeps the product whole in the keep area (a product that fills its square photo)', () => {
    const plan = planShot({ width: 1000, height: 1000 }, { x: 300, y: 100, width: 400, height: 800 }, TALL, KEEP);
    expect(plan.kind).toBe('designed');
    expect(inside(plan.product, KEEP, TALL)).toBe(true);
    // As large as the keep area allows, less a margin.
    expect(plan.product.height).toBeGreaterThan(0.8 * 0.5 * TALL.height);
  });

  it('without a product box the whole photo is the product: a photo of the shot shape fills it, another is designed', () => {
    expect(planShot({ width: 900, height: 1600 }, null, TALL, { x0: 0, y0: 0, x1: 1, y1: 1 }).kind).toBe('crop');
    expect(planShot({ width: 1000, height: 1000 }, null, TALL, KEEP).kind).toBe('designed');
    expect(planShot({ width: 1000, height: 1000 }, { x: 0, y: 0, width: 1000, height: 1000 }, TALL, KEEP, 'designed').kind).toBe('designed');
  });
});

describe('product shots: drawn (pixels, with the built-in cut-out)', () => {
  let photo: ProductPhoto;
  let analysed: AnalysedPhoto;
  beforeAll(async () => {
    photo = await productPhoto({ width: 240, height: 300, body: '#C0392B', backdrop: '#E4E8EE' });
    const dir = await mkdtemp(join(tmpdir(), 'shot-'));
    const file = join(dir, 'p.png');
    await writeFile(file, photo.png);
    analysed = await analysePhoto(file, createBorderKeyCutout());
  });

  const near = (img: RgbaImage, i: number, c: [number, number, number], d = 60) =>
    Math.hypot(img.data[i * 4]! - c[0], img.data[i * 4 + 1]! - c[1], img.data[i * 4 + 2]! - c[2]) < d;

  it("finds the product's box with the cut-out", () => {
    expect(analysed.box).not.toBeNull();
    const b = analysed.box!;
    expect(Math.abs(b.x - photo.box.x)).toBeLessThanOrEqual(3);
    expect(Math.abs(b.width - photo.box.width)).toBeLessThanOrEqual(6);
  });

  // A roomy keep area lets the photo fill the tall shot (a crop around the bottle); a tight one cannot.
  const cases = [
    { mode: 'fill', keep: { x0: 0.05, y0: 0.1, x1: 0.95, y1: 0.9 }, kind: 'crop' },
    { mode: 'fill', keep: KEEP, kind: 'designed' },
    { mode: 'designed', keep: { x0: 0.05, y0: 0.1, x1: 0.95, y1: 0.9 }, kind: 'designed' },
  ] as const;
  for (const { mode, keep: KEEP, kind } of cases) {
    it(`${mode} into ${KEEP.y1 - KEEP.y0} of the height: ${kind}; every product pixel inside the keep area`, async () => {
      const shot = { width: 180, height: 320 };
      const { image, plan } = await drawShot(
        { picture: 'p.png', keep: KEEP, palette: { primary: '#1E3A8A', accent: '#F59E0B' }, mode },
        analysed,
        shot.width,
        shot.height,
      );
      expect(image.width).toBe(180);
      expect(plan.kind).toBe(kind);
      let productIn = 0;
      let productOut = 0;
      for (let y = 0; y < shot.height; y++)
        for (let x = 0; x < shot.width; x++) {
          if (!near(image, y * shot.width + x, photo.productRgb)) continue;
          const isIn = x >= KEEP.x0 * shot.width - 1 && x <= KEEP.x1 * shot.width + 1 && y >= KEEP.y0 * shot.height - 1 && y <= KEEP.y1 * shot.height + 1;
          if (isIn) productIn++;
          else productOut++;
        }
      // The product shows, large: its body is a good share of the keep area; nothing of it outside.
      expect(productIn).toBeGreaterThan(0.08 * 0.9 * 0.5 * shot.width * shot.height);
      expect(productOut).toBe(0);
    });
  }
});

describe('product shots: a product the photo itself cut', () => {
  // A close-up: the photo ends at the bottle's middle, so its cut-out has a straight cut along the bottom.
  const W = 200;
  const H = 160;
  const BACKDROP: [number, number, number] = [40, 190, 160];
  const BODY: [number, number, number] = [200, 40, 40];
  function closeUp(cutBottom: boolean): AnalysedPhoto {
    const box = { x: 60, y: 30, width: 80, height: cutBottom ? H - 30 : 100 };
    const photo = new Uint8Array(W * H * 4);
    const cutout = new Uint8Array(W * H * 4);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        const isProduct = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
        photo.set([...(isProduct ? BODY : BACKDROP), 255], i);
        if (isProduct) cutout.set([...BODY, 255], i);
      }
    return { photo: { width: W, height: H, data: photo }, cutout: { width: W, height: H, data: cutout }, box };
  }
  const backdropPixels = (img: RgbaImage) => {
    let n = 0;
    for (let i = 0; i < img.width * img.height; i++)
      if (Math.hypot(img.data[i * 4]! - BACKDROP[0], img.data[i * 4 + 1]! - BACKDROP[1], img.data[i * 4 + 2]! - BACKDROP[2]) < 30) n++;
    return n;
  };

  it('stands as the photo on a card, not a cut-out sliced flat along the photo edge; a whole product is cut out', async () => {
    const req = { picture: 'p.png', keep: KEEP, palette: { primary: '#1E3A8A', accent: '#F59E0B' }, mode: 'designed' as const };
    const [cut, whole] = await Promise.all([drawShot(req, closeUp(true), 180, 320), drawShot(req, closeUp(false), 180, 320)]);
    expect(cut.plan.kind).toBe('designed');
    // The card shows the photo's own backdrop round the product; the cut-out of a whole product does not.
    expect(backdropPixels(cut.image)).toBeGreaterThan(0.15 * cut.plan.product.width * cut.plan.product.height);
    expect(backdropPixels(whole.image)).toBe(0);
  });
});
