import { describe, expect, it } from 'vitest';
import { NothingToCutOut } from '../../../src/core/errors.js';
import { createBorderKeyCutout } from '../../../src/engines/image/border-key-cutout.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { flatPhoto, scoreCutout } from '../../helpers/cutout-measure.js';

const engine = createBorderKeyCutout();

describe('border-key cut-out (plain backdrops)', () => {
  it('removes a grey studio backdrop with a gradient and keeps the bottle', async () => {
    const photo = await productPhoto();
    const cut = await engine.cutOut(photo.rgba);
    expect([cut.width, cut.height]).toEqual([photo.rgba.width, photo.rgba.height]);
    const score = scoreCutout(cut, photo.mask, 4);
    expect(score.backdropGone).toBeGreaterThan(0.97);
    expect(score.productKept).toBeGreaterThan(0.97);
  });

  it('works on a coloured backdrop and a product of another colour, and on a large photo (worked out smaller)', async () => {
    const photo = await productPhoto({ width: 1600, height: 1200, backdrop: '#2e6fb0', body: '#e0c040' });
    const cut = await engine.cutOut(photo.rgba);
    const score = scoreCutout(cut, photo.mask, 5);
    expect(score.backdropGone).toBeGreaterThan(0.97);
    expect(score.productKept).toBeGreaterThan(0.97);
  });

  it('keeps a product cut off by the bottom edge (the border is not all backdrop)', async () => {
    const photo = await productPhoto();
    const width = photo.rgba.width,
      height = 440;
    const cropped = { width, height, data: photo.rgba.data.slice(0, width * height * 4) };
    const score = scoreCutout(await engine.cutOut(cropped), photo.mask.slice(0, width * height), 4);
    expect(score.backdropGone).toBeGreaterThan(0.97);
    expect(score.productKept).toBeGreaterThan(0.97);
  });

  it('drops specks away from the object and keeps the edge soft', async () => {
    const photo = await productPhoto();
    const { width } = photo.rgba;
    // A few dark specks of dust in a corner of the backdrop.
    for (const [x, y] of [
      [20, 20],
      [40, 30],
      [25, 560],
    ] as const) {
      for (let dy = 0; dy < 3; dy++) for (let dx = 0; dx < 3; dx++) photo.rgba.data.set([40, 40, 40, 255], ((y + dy) * width + x + dx) * 4);
    }
    const cut = await engine.cutOut(photo.rgba);
    expect(cut.data[(21 * width + 21) * 4 + 3]).toBeLessThan(32);
    expect(cut.data[(561 * width + 26) * 4 + 3]).toBeLessThan(32);
    // Somewhere along the bottle's left side the alpha passes through intermediate values.
    const y = photo.box.y + Math.round(photo.box.height * 0.7);
    const row = Array.from({ length: 12 }, (_, k) => cut.data[(y * width + photo.box.x - 6 + k) * 4 + 3]!);
    expect(row.some((a) => a > 20 && a < 235)).toBe(true);
  });

  it('a flat colour photo has nothing to cut out', async () => {
    await expect(engine.cutOut(flatPhoto(200, 150, [90, 140, 60]))).rejects.toBeInstanceOf(NothingToCutOut);
  });

  it('a busy photo (no plain border) is refused with a reason, not cut badly', async () => {
    const noisy = flatPhoto(200, 150, [0, 0, 0]);
    let seed = 7;
    for (let i = 0; i < 200 * 150 * 4; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      if (i % 4 !== 3) noisy.data[i] = seed >> 23;
    }
    const err = await engine.cutOut(noisy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NothingToCutOut);
    expect((err as NothingToCutOut).reason).toMatch(/plain/);
  });

  it('honours an aborted signal', async () => {
    const photo = await productPhoto({ width: 200, height: 250 });
    const controller = new AbortController();
    controller.abort();
    await expect(engine.cutOut(photo.rgba, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
