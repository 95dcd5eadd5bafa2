import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixelBox, RgbaImage } from '../../../src/core/raster.js';
import { IAB_BANNERS } from '../../../src/domain/iab-images/iab-banners.js';
import { createFaceApiEngine, createFakeFaceEngine } from '../../../src/engines/face/index.js';
import { fakeCutout } from '../../../src/engines/image/fakes.js';
import { createSmartcropCropper } from '../../../src/engines/image/smartcrop-cropper.js';
import { makeIabBanners } from '../../../src/pipelines/iab-images/make-iab-banners.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { groupPhoto } from '../../helpers/face-fixtures.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

const faces = createFaceApiEngine();
const cropper = createSmartcropCropper();

/** Red of the bottle's body (not the backdrop's grey, the label's cream or the cap's black). */
const isRed = (d: Uint8Array | Buffer, i: number) => d[i]! > 140 && d[i + 1]! < 90 && d[i + 2]! < 90;

function redRegion(img: { width: number; height: number; data: Uint8Array | Buffer }): { count: number; box: PixelBox | null } {
  let count = 0,
    x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      if (!isRed(img.data, (y * img.width + x) * 4)) continue;
      count++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return { count, box: count ? { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } : null };
}

async function readPng(path: string) {
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format: (await sharp(path).metadata()).format, data };
}

const inside = (p: [number, number], b: PixelBox) => p[0] >= b.x && p[0] <= b.x + b.width && p[1] >= b.y && p[1] <= b.y + b.height;

describe('IAB banners of a photo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'iab-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the twelve PNGs at their exact sizes; the product is composed whole and unstretched into the extreme shapes', async () => {
    const product = await productPhoto();
    const source = redRegion(product.rgba);
    const sourceAspect = source.box!.width / source.box!.height;
    const out = join(dir, 'product');
    await import('node:fs/promises').then((fs) => fs.mkdir(out));
    const progress: number[] = [];
    const made = await makeIabBanners({ photo: product.rgba, outDir: out, faces, cutout: fakeCutout, cropper, onProgress: (f) => progress.push(f) });

    expect(made.banners.map((b) => b.banner.name)).toEqual(IAB_BANNERS.map((b) => b.name));
    expect(made.faces).toEqual([]);
    expect(made.subject).not.toBeNull();
    for (const b of made.banners) {
      const png = await readPng(b.path);
      expect([png.format, png.width, png.height], b.banner.name).toEqual(['png', b.banner.widthPx, b.banner.heightPx]);
      const red = redRegion(png);
      expect(red.count, `${b.banner.name}: the product is in the banner`).toBeGreaterThan(0);
      if (b.layout === 'compose') {
        // Whole: the red region stays clear of the banner's edges; unstretched: its shape is the photo's.
        expect(red.box!.x, b.banner.name).toBeGreaterThan(0);
        expect(red.box!.y, b.banner.name).toBeGreaterThan(0);
        expect(red.box!.x + red.box!.width, b.banner.name).toBeLessThan(png.width);
        expect(red.box!.y + red.box!.height, b.banner.name).toBeLessThan(png.height);
        expect(Math.abs(red.box!.width / red.box!.height / sourceAspect - 1), b.banner.name).toBeLessThan(0.12);
        // Large enough to see: the subject fills most of the banner's short side.
        const short = Math.min(png.width, png.height);
        expect(png.width >= png.height ? red.box!.height : red.box!.width, b.banner.name).toBeGreaterThan(short * 0.5);
      } else {
        // A crop keeps the product whole when it fits the crop window.
        const s = made.subject!;
        if (s.width <= b.source.width && s.height <= b.source.height) {
          expect(inside([s.x, s.y], b.source) && inside([s.x + s.width, s.y + s.height], b.source), b.banner.name).toBe(true);
        }
      }
    }
    const composed = made.banners.filter((b) => b.layout === 'compose').map((b) => b.banner.size);
    for (const extreme of ['728x90', '970x90', '468x60', '320x50', '160x600']) expect(composed).toContain(extreme);
    expect(made.banners.filter((b) => b.layout === 'crop').map((b) => b.banner.size)).toEqual(expect.arrayContaining(['300x250', '250x250']));
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it('keeps in every cropped banner the faces of a group photo that fit its crop', async () => {
    const jpeg = await sharp(groupPhoto(4)).resize({ width: 640 }).jpeg().toBuffer();
    const photo = await decodeImage(jpeg);
    const truth = (await faces.detect(photo)).map((f) => [f.box.x + f.box.width / 2, f.box.y + f.box.height / 2] as [number, number]);
    expect(truth.length).toBe(4);
    const out = join(dir, 'group');
    await import('node:fs/promises').then((fs) => fs.mkdir(out));
    const made = await makeIabBanners({ photo, outDir: out, faces, cutout: fakeCutout, cropper });
    const cropped = made.banners.filter((b) => b.layout === 'crop');
    expect(cropped.length).toBeGreaterThan(0);
    for (const b of cropped) {
      const png = await readPng(b.path);
      expect([png.width, png.height]).toEqual([b.banner.widthPx, b.banner.heightPx]);
      // The crop keeps the banner's shape (so the resize does not stretch).
      expect(Math.abs(b.source.width / b.source.height / (b.banner.widthPx / b.banner.heightPx) - 1), b.banner.name).toBeLessThan(0.02);
      const best = mostCentresInWindow(truth, b.source, photo);
      const kept = truth.filter((c) => inside(c, b.source)).length;
      expect(kept, `${b.banner.name}: ${kept} of ${truth.length} faces kept, ${best} could be`).toBeGreaterThanOrEqual(Math.min(best, truth.length));
    }
  }, 90_000);

  it('crops everything when nothing can be cut out, and stops when aborted', async () => {
    const flat: RgbaImage = { width: 200, height: 160, data: new Uint8Array(200 * 160 * 4).fill(200) };
    const out = join(dir, 'flat');
    await import('node:fs/promises').then((fs) => fs.mkdir(out));
    const made = await makeIabBanners({ photo: flat, outDir: out, faces: createFakeFaceEngine(), cutout: fakeCutout, cropper });
    expect(made.subject).toBeNull();
    expect(made.banners.every((b) => b.layout === 'crop')).toBe(true);
    const ac = new AbortController();
    ac.abort(new Error('stopped'));
    await expect(makeIabBanners({ photo: flat, outDir: out, faces: createFakeFaceEngine(), cutout: fakeCutout, cropper, signal: ac.signal })).rejects.toThrow(
      'stopped',
    );
  });
});

/** The most face centres any window of this size could hold (windows with a centre on their left and top edges). */
function mostCentresInWindow(centres: [number, number][], window: PixelBox, photo: { width: number; height: number }): number {
  let best = 0;
  for (const [cx] of centres)
    for (const [, cy] of centres) {
      const x = Math.min(cx, photo.width - window.width),
        y = Math.min(cy, photo.height - window.height);
      best = Math.max(best, centres.filter((c) => inside(c, { x, y, width: window.width, height: window.height })).length);
    }
  return best;
}
