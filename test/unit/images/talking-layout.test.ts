import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixelBox } from '../../../src/core/raster.js';
import { presenterPlace, productMovedAside } from '../../../src/pipelines/product-video/render-product-video.js';
import type { StagedLayerFiles } from '../../../src/pipelines/images/staging/staged-scene.js';

const overlaps = (a: PixelBox, b: PixelBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('a talking product video made from an image staged without a presenter', () => {
  let dir: string;
  let layers: StagedLayerFiles;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-talking-layout-'));
    const [width, height] = [216, 270];
    // A centred product as wide as half the frame, its shadow a dark band under it.
    const box = { x: 54, y: 60, width: 108, height: 170 };
    const png = (name: string) => join(dir, name);
    await sharp({ create: { width, height, channels: 3, background: '#ddd' } })
      .png()
      .toFile(png('background.png'));
    await sharp({ create: { width: box.width, height: box.height, channels: 4, background: '#c0392b' } })
      .png()
      .toFile(png('product.png'));
    const shadow = Buffer.alloc(width * height * 4);
    for (let y = 230; y < 240; y++) for (let x = box.x; x < box.x + box.width; x++) shadow[(y * width + x) * 4 + 3] = 200;
    await sharp(shadow, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(png('shadow.png'));
    layers = {
      width,
      height,
      backgroundPng: png('background.png'),
      shadowPng: png('shadow.png'),
      product: { png: png('product.png'), box },
      compositePng: png('background.png'),
    };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('moves the product and its shadow to a third of the frame, so the presenter stands beside it, not over it', async () => {
    // Beside a centred product the presenter's place is never over it, only narrow; moved aside, it has room.
    expect(overlaps(presenterPlace(layers), layers.product.box)).toBe(false);
    const moved = await productMovedAside(layers, dir);
    expect(presenterPlace(moved).width).toBeGreaterThan(presenterPlace(layers).width * 1.5);
    const p = moved.product.box;
    expect(Math.abs(p.x + p.width / 2 - layers.width / 3)).toBeLessThanOrEqual(1);
    expect([p.width, p.height, p.y]).toEqual([108, 170, 60]);
    expect(overlaps(presenterPlace(moved), p)).toBe(false);
    const { data, info } = await sharp(moved.shadowPng!).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    expect(alphaAt(p.x + 2, 235)).toBe(200);
    expect(alphaAt(p.x + p.width + 2, 235)).toBe(0);
  });
});
