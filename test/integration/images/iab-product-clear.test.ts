import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeFaceEngine } from '../../../src/engines/face/index.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { createSmartcropCropper } from '../../../src/engines/image/smartcrop-cropper.js';
import { bannerWords } from '../../../src/pipelines/iab-images/iab-images.js';
import { makeIabBanners, type IabBannersMade } from '../../../src/pipelines/iab-images/make-iab-banners.js';
import { blankImage, decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { describeMeasure, measureProductBox, productOnBackdrop, VIOLET } from '../../helpers/product-box-pixels.js';

/**
 * IAB banners from a link, on real pixels: the marked product (four coloured corners on a green
 * body) on a studio photo; every banner's name, price, button and a violet logo are laid out by the
 * banner; none may put a pixel on the product's body, whatever its colour.
 */
describe('IAB banners: no text, button or logo pixel on the product (pixels of every size)', () => {
  let dir: string;
  let made: IabBannersMade;
  const read = async (path: string) => {
    const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'iab-clear-'));
    await mkdir(join(dir, 'out'));
    const photo = await decodeImage(await productOnBackdrop(join(dir, 'photo.png'), { w: 500, h: 500, side: 220, x: 140, y: 120 }));
    const logo = blankImage(120, 40, [VIOLET[0], VIOLET[1], VIOLET[2], 255]);
    const words = bannerWords({
      linkId: 'l',
      headline: 'Northpeak TrailFlask 32 oz Insulated Bottle',
      price: { amount: 34.95, currency: 'USD' },
      logoUrl: null,
      cta: 'Shop now',
    });
    made = await makeIabBanners({
      photo,
      outDir: join(dir, 'out'),
      faces: createFakeFaceEngine(),
      cutout: createBorderKeyCutout(),
      cropper: createSmartcropCropper(),
      copy: { words, logo },
    });
  }, 60_000);
  afterAll(async () => {
    if (!process.env.KEEP_MEDIA) await rm(dir, { recursive: true, force: true });
  });

  it('all twelve: the product whole (four corners), no foreign pixel on its body, the logo shown beside it', async () => {
    expect(made.banners).toHaveLength(12);
    const report: string[] = [];
    for (const b of made.banners) {
      const m = measureProductBox(await read(b.path), { logo: VIOLET });
      report.push(describeMeasure(b.banner.name, m));
      const corners = Object.values(m.markers);
      // The 50- and 60-px strips draw the product small: its corner squares are a few pixels.
      for (const n of corners) expect(n, `${b.banner.name}: a corner of the product`).toBeGreaterThan(0);
      expect(m.foreign, `${b.banner.name}: pixels laid over the product's body`).toBe(0);
      expect(m.overlay.logo!.inside, `${b.banner.name}: logo pixels in the product's box`).toBe(0);
      expect(m.overlay.logo!.frame, `${b.banner.name}: the logo shows`).toBeGreaterThan(20);
    }
    console.log(report.join('\n'));
  });
});
