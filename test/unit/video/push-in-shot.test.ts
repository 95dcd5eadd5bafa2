import { describe, expect, it } from 'vitest';
import type { PixelBox, RgbaImage } from '../../../src/core/raster.js';
import { detailBox, detailTopicOf } from '../../../src/pipelines/video/product-detail.js';
import { drawShot, planShot, type AnalysedPhoto } from '../../../src/pipelines/video/product-shot.js';
import { CENTRED_PUSH, planPush, pushSafe } from '../../../src/pipelines/video/push-in-shot.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

// A small full-quality frame keeps the fixture photos small (the caps are ratios of photo to frame pixels).
const TALL = { width: 540, height: 960 };
const KEEP = { x0: 0.05, y0: 0.12, x1: 0.95, y1: 0.72 };
const RENDER = { topic: null, renderWidthPx: 540, renderHeightPx: 960 };
type Rect = { x0: number; y0: number; x1: number; y1: number };

/** Where a rectangle of the shot shows at zoom z of a push about (x, y). */
const pushed = (r: Rect, push: { x: number; y: number }, z: number): Rect => ({
  x0: push.x + (r.x0 - push.x) * z,
  y0: push.y + (r.y0 - push.y) * z,
  x1: push.x + (r.x1 - push.x) * z,
  y1: push.y + (r.y1 - push.y) * z,
});
const within = (r: Rect, k: Rect) => r.x0 >= k.x0 - 1e-6 && r.y0 >= k.y0 - 1e-6 && r.x1 <= k.x1 + 1e-6 && r.y1 <= k.y1 + 1e-6;
const rectOf = (p: PixelBox, shot: { width: number; height: number }): Rect => ({
  x0: p.x / shot.width,
  y0: p.y / shot.height,
  x1: (p.x + p.width) / shot.width,
  y1: (p.y + p.height) / shot.height,
});

/** The fixture bottle analysed as the cut-out would: its mask as alpha. */
async function bottle(width: number, height: number): Promise<AnalysedPhoto> {
  const p = await productPhoto({ width, height });
  const cutout: RgbaImage = { width, height, data: new Uint8Array(p.rgba.data) };
  for (let i = 0; i < p.mask.length; i++) cutout.data[i * 4 + 3] = p.mask[i]!;
  return { photo: p.rgba, cutout, box: p.box };
}

describe('push-in: the detail', () => {
  it('a scene naming a part goes to it: lid → top, sole → bottom, ingredients → label; other words name none', () => {
    expect(detailTopicOf(['The', 'leak-proof', 'lid.'])).toBe('top');
    expect(detailTopicOf(['Grippy', 'rubber', 'soles'])).toBe('bottom');
    expect(detailTopicOf(['Clean', 'ingredients,', 'nothing', 'else'])).toBe('label');
    expect(detailTopicOf(['Fits', 'most', 'cup', 'holders'])).toBeNull();
  });

  it('the top of a bottle is its cap and neck: narrower than the body, in the top of its box', async () => {
    const a = await bottle(600, 800);
    const d = detailBox(a.photo, a.cutout, a.box!, 'top');
    expect(d.y).toBeCloseTo(a.box!.y, 0);
    expect(d.height).toBeLessThan(a.box!.height * 0.3);
    // The neck is 36 % of the bottle's width: the band is trimmed to it, not the body's width.
    expect(d.width).toBeLessThan(a.box!.width * 0.5);
  });

  it('with no part named, the most textured part: a printed patch on a plain product', () => {
    const width = 400;
    const height = 400;
    const data = new Uint8Array(width * height * 4).fill(200);
    const box = { x: 100, y: 50, width: 200, height: 300 };
    // A checkered patch in the product's lower right.
    for (let y = 250; y < 330; y++)
      for (let x = 210; x < 290; x++) if ((x >> 3) % 2 !== (y >> 3) % 2) data.fill(20, (y * width + x) * 4, (y * width + x) * 4 + 3);
    const d = detailBox({ width, height, data }, null, box, null);
    expect(d.x + d.width / 2).toBeGreaterThan(200);
    expect(d.y + d.height / 2).toBeGreaterThan(230);
  });
});

describe('push-in: the move', () => {
  it('a designed shot starts with the product smaller and ends at its usual size, inside its place all the way, the lid held still', async () => {
    const a = await bottle(1000, 700);
    const base = planShot(a.photo, a.box, TALL, KEEP);
    expect(base.kind).toBe('designed');
    const p = planPush(base, a, TALL, KEEP, { ...RENDER, topic: 'top' })!;
    expect(p).not.toBeNull();
    expect(p.push.zoom).toBeGreaterThan(1.2);
    const start = rectOf(p.plan.product, TALL);
    for (const z of [1, 1.1, p.push.zoom]) expect(within(pushed(start, p.push, z), KEEP), `product at zoom ${z}`).toBe(true);
    // The fixed point is the lid's middle, in the top fifth of the product.
    expect(p.push.y).toBeLessThan(start.y0 + (start.y1 - start.y0) * 0.2);
    // The detail grows by the zoom squared.
    const end = pushed(p.detail, p.push, p.push.zoom);
    const area = (r: Rect) => (r.x1 - r.x0) * (r.y1 - r.y0);
    expect(area(end) / area(p.detail)).toBeCloseTo(p.push.zoom ** 2, 3);
  });

  it("a cropped photo pushes no further than its pixels allow: a photo the frame's size gets no push, a large one a capped one", async () => {
    const keep = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const small = await bottle(280, 500);
    const smallBase = planShot(small.photo, small.box, TALL, keep);
    expect(smallBase.kind).toBe('crop');
    expect(planPush(smallBase, small, TALL, keep, RENDER)).toBeNull();
    const large = await bottle(700, 1000);
    const base = planShot(large.photo, large.box, TALL, keep);
    if (base.kind !== 'crop') throw new Error('expected a crop');
    const p = planPush(base, large, TALL, keep, RENDER)!;
    // Photo pixels per output pixel at the start (562 / 540), and at most 10 % enlargement at the end.
    expect(p.push.zoom).toBeLessThanOrEqual((base.window.width / 540) * 1.1 + 1e-3);
    expect(p.push.zoom).toBeGreaterThan(1.12);
    // A preview (a smaller shot) pushes exactly as far as the render.
    const preview = { width: 270, height: 480 };
    const previewBase = planShot(large.photo, large.box, preview, keep);
    expect(planPush(previewBase, large, preview, keep, RENDER)!.push).toEqual(p.push);
  });

  it('a shot that cannot push is drawn for the gentle centred zoom, the product inside its place through it', async () => {
    const small = await bottle(300, 400);
    const { plan } = await drawShot({ picture: 'x', keep: KEEP, palette: { primary: '#224466', accent: '#FFAA00' }, push: RENDER }, small, 360, 640);
    expect(plan.push).toEqual(CENTRED_PUSH);
    const product = rectOf(plan.product, { width: 360, height: 640 });
    expect(within(product, pushSafe(KEEP, CENTRED_PUSH))).toBe(true);
    expect(within(pushed(product, CENTRED_PUSH, CENTRED_PUSH.zoom), KEEP)).toBe(true);
  });
});
