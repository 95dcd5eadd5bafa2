import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixelBox, RgbaImage } from '../../../src/core/raster.js';
import { IAB_BANNERS } from '../../../src/domain/iab-images/iab-banners.js';
import { createFakeFaceEngine } from '../../../src/engines/face/index.js';
import { fakeCutout } from '../../../src/engines/image/fakes.js';
import { createSmartcropCropper } from '../../../src/engines/image/smartcrop-cropper.js';
import { bannerHeadline, bannerWords } from '../../../src/pipelines/iab-images/iab-images.js';
import { fitWhole } from '../../../src/pipelines/iab-images/banner-text.js';
import { makeIabBanners, type IabBannersMade } from '../../../src/pipelines/iab-images/make-iab-banners.js';
import { decodeImage, trimToAlpha } from '../../../src/pipelines/images/raster-io.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

const HEADLINE = 'Northpeak TrailFlask 32 oz Insulated Bottle';
const PRICE = '$34.95';
const LOGO_BLUE: [number, number, number] = [0x1d, 0x4e, 0xd8];
/** The photo's own backdrop: a blurred copy of the photo would spread it over the banner. */
const BACKDROP_GREEN = '#3aa655';
const WIDE = ['320x50', '728x90', '970x90', '468x60', '320x100', '970x250'];

type Png = { width: number; height: number; data: Buffer };

async function readPng(path: string): Promise<Png> {
  const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const near = (d: Buffer, i: number, c: readonly number[], tol: number) =>
  Math.abs(d[i]! - c[0]!) + Math.abs(d[i + 1]! - c[1]!) + Math.abs(d[i + 2]! - c[2]!) <= tol;
const hex = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

/** Share of the pixels inside `box` (all of the picture without one) that match `test`. */
function share(png: Png, test: (d: Buffer, i: number) => boolean, box?: PixelBox): number {
  const b = box ?? { x: 0, y: 0, width: png.width, height: png.height };
  let hit = 0,
    n = 0;
  for (let y = b.y; y < b.y + b.height; y++)
    for (let x = b.x; x < b.x + b.width; x++) {
      n++;
      if (test(png.data, (y * png.width + x) * 4)) hit++;
    }
  return n ? hit / n : 0;
}

const overlaps = (a: PixelBox, b: PixelBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: PixelBox, w: number, h: number) => a.x >= 0 && a.y >= 0 && a.x + a.width <= w && a.y + a.height <= h;
const isRed = (d: Buffer, i: number) => d[i]! > 140 && d[i + 1]! < 90 && d[i + 2]! < 90;

/** A logo: a blue rounded mark with a white peak, and a dark wordmark, on transparency. */
async function logoFixture(): Promise<RgbaImage> {
  const canvas = createCanvas(480, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `rgb(${LOGO_BLUE.join(',')})`;
  ctx.beginPath();
  ctx.roundRect(4, 14, 92, 92, 18);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.moveTo(20, 90);
  ctx.lineTo(50, 34);
  ctx.lineTo(80, 90);
  ctx.fill();
  ctx.fillStyle = '#0f172a';
  ctx.font = 'bold 54px sans-serif';
  ctx.fillText('NORTHPEAK', 108, 82);
  return trimToAlpha(await decodeImage(await canvas.encode('png')));
}

describe('IAB banners from a link: logo, price and button on every size, the width designed', () => {
  let dir: string;
  let designed: IabBannersMade;
  let plain: IabBannersMade;
  const pngs = new Map<string, Png>();
  const plainPngs = new Map<string, Png>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'iab-designed-'));
    const photo = (await productPhoto({ width: 360, height: 450, backdrop: BACKDROP_GREEN })).rgba;
    const engines = { faces: createFakeFaceEngine(), cutout: fakeCutout, cropper: createSmartcropCropper() };
    await mkdir(join(dir, 'designed'));
    await mkdir(join(dir, 'plain'));
    const words = bannerWords({ linkId: 'l', headline: HEADLINE, price: { amount: 34.95, currency: 'USD' }, logoUrl: null, cta: 'Shop now' });
    designed = await makeIabBanners({ photo, outDir: join(dir, 'designed'), ...engines, copy: { words, logo: await logoFixture() } });
    plain = await makeIabBanners({ photo, outDir: join(dir, 'plain'), ...engines });
    for (const b of designed.banners) pngs.set(b.banner.name, await readPng(b.path));
    for (const b of plain.banners) plainPngs.set(b.banner.name, await readPng(b.path));
  }, 60_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('designs all twelve at their exact sizes, each with logo, price and button inside the banner, none over another or over the product', () => {
    expect(designed.banners.map((b) => b.banner.name)).toEqual(IAB_BANNERS.map((b) => b.name));
    for (const b of designed.banners) {
      const png = pngs.get(b.banner.name)!;
      expect([b.layout, png.width, png.height], b.banner.name).toEqual(['designed', b.banner.widthPx, b.banner.heightPx]);
      const s = b.slots!;
      const parts = { product: s.product, logo: s.logo, price: s.price?.box, cta: s.cta?.box, headline: s.headline?.box };
      for (const name of ['product', 'logo', 'price', 'cta'] as const) expect(parts[name], `${b.banner.name} ${name}`).toBeTruthy();
      const boxes = Object.entries(parts).filter((e): e is [string, PixelBox] => !!e[1]);
      for (const [name, box] of boxes) expect(inside(box, png.width, png.height), `${b.banner.name} ${name} inside`).toBe(true);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          expect(overlaps(boxes[i]![1], boxes[j]![1]), `${b.banner.name}: ${boxes[i]![0]} over ${boxes[j]![0]}`).toBe(false);
    }
  });

  it("shows the logo's colour in the logo's box, the button's colour in the button, the price's colour in the price, the product's red at the product", () => {
    for (const b of designed.banners) {
      const png = pngs.get(b.banner.name)!;
      const s = b.slots!;
      expect(
        share(png, (d, i) => near(d, i, LOGO_BLUE, 40), s.logo!),
        `${b.banner.name} logo blue`,
      ).toBeGreaterThan(0.08);
      // The button: mostly its fill (the brand's blue, from the logo), its label in the middle.
      expect(
        share(png, (d, i) => near(d, i, LOGO_BLUE, 60), s.cta!.box),
        `${b.banner.name} button`,
      ).toBeGreaterThan(0.55);
      expect(
        share(png, (d, i) => near(d, i, LOGO_BLUE, 90), s.price!.box),
        `${b.banner.name} price ink`,
      ).toBeGreaterThan(0.1);
      expect(share(png, isRed, s.product!), `${b.banner.name} product`).toBeGreaterThan(0.3);
    }
  });

  it('fits the text: the price never below 10 px, the name whole (never cut, never "…") wherever it is shown, and shown on every banner 90 px tall or more', () => {
    for (const b of designed.banners) {
      const s = b.slots!;
      expect(s.price!.text.lines).toEqual([PRICE]);
      expect(s.price!.text.fontPx, b.banner.name).toBeGreaterThanOrEqual(10);
      expect(s.cta!.label.text.lines).toEqual(['Shop now']);
      if (s.headline) expect(s.headline.text.lines.join(' '), b.banner.name).toBe(HEADLINE);
      if (b.banner.heightPx >= 90) expect(s.headline, `${b.banner.name} shows the name`).not.toBeNull();
    }
    // The fitter wraps, then shrinks, and says "no" rather than cutting.
    expect(fitWhole(HEADLINE, { width: 200, height: 60 }, { maxLines: 2, maxPx: 30, minPx: 9 })!.lines.join(' ')).toBe(HEADLINE);
    expect(fitWhole(HEADLINE, { width: 60, height: 14 }, { maxLines: 1, maxPx: 12, minPx: 9 })).toBeNull();
    expect(bannerHeadline('TrailFlask 32 oz – Insulated Steel Bottle, Leak-proof Lid | Northpeak Outdoor Gear')).toBe(
      'TrailFlask 32 oz Insulated Steel Bottle',
    );
    expect(bannerHeadline(HEADLINE)).toBe(HEADLINE);
  });

  it('lays the wide sizes out across the width (product, words, button) with no blurred copy of the photo', () => {
    for (const size of WIDE) {
      const b = designed.banners.find((x) => x.banner.size === size)!;
      const png = pngs.get(b.banner.name)!;
      const s = b.slots!;
      expect(s.arrangement, size).toBe('row');
      // The parts span the width: from the first to the last, at least 85 % of it.
      const xs = [s.logo!, s.product!, s.price!.box, s.cta!.box];
      const span = Math.max(...xs.map((x) => x.x + x.width)) - Math.min(...xs.map((x) => x.x));
      expect(span / png.width, `${size} span`).toBeGreaterThan(0.85);
      // The photo's green backdrop is nowhere: the stage is drawn, not the photo blurred.
      expect(
        share(png, (d, i) => near(d, i, hex(BACKDROP_GREEN), 70)),
        `${size} photo backdrop`,
      ).toBeLessThan(0.01);
    }
  });

  it('without a link the far shapes are the product on a drawn stage, whole, with no blurred copy of the photo', () => {
    for (const b of plain.banners.filter((x) => x.layout === 'compose')) {
      const png = plainPngs.get(b.banner.name)!;
      expect(
        share(png, (d, i) => near(d, i, hex(BACKDROP_GREEN), 70)),
        b.banner.name,
      ).toBeLessThan(0.01);
      expect(share(png, isRed, b.placed!), b.banner.name).toBeGreaterThan(0.3);
      expect(b.slots!.arrangement).toBe('product');
    }
    expect(plain.banners.filter((x) => x.layout === 'compose').map((x) => x.banner.size)).toEqual(expect.arrayContaining(['728x90', '970x90', '320x50']));
  });
});
