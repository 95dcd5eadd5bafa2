import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { rgbToHsl } from '../../../src/pipelines/images/pixel-ops.js';
import type { RgbaImage } from '../../../src/core/raster.js';
import { makeFixtureDir, makeColorImage, type FixtureDir } from '../../helpers/media-fixtures.js';
import { productPhoto, type ProductPhoto } from '../../helpers/product-fixtures.js';
import { asImage, distinctColours, edgeEnergy, meanIn, pixel, runModel, variance } from './asset-model-harness.js';

const URL = 'https://example.com/in.png';

/** Each model family's output differs from its input in the way its name says. */
describe('asset model measures', () => {
  let fx: FixtureDir;
  let product: ProductPhoto;
  let photo: RgbaImage;
  const files: Record<string, string | string[]> = {};
  const inMask = (x: number, y: number) => product.mask[y * product.rgba.width + x] === 255;

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-asset-measures-');
    product = await productPhoto({ width: 200, height: 240 });
    photo = product.rgba;
    await writeFile(fx.path('product.png'), product.png);
    files.image_url = fx.path('product.png');
  }, 60_000);
  afterAll(async () => fx?.cleanup());

  const run = (id: string, params: Record<string, unknown> = {}, variation = 0) =>
    runModel(id, { image_url: URL, ...params }, files, fx.dir, variation).then(asImage);

  it('upscale: exactly 2× and 4×, with more edge energy than a plain resize', async () => {
    for (const factor of [2, 4] as const) {
      const out = await run(`upscale-${factor}x`);
      expect([out.width, out.height]).toEqual([photo.width * factor, photo.height * factor]);
      const plain = await decodeImage(
        await sharp(product.png)
          .resize(photo.width * factor, photo.height * factor, { kernel: 'lanczos3' })
          .png()
          .toBuffer(),
      );
      expect(edgeEnergy(out)).toBeGreaterThan(edgeEnergy(plain) * 1.1);
    }
  }, 60_000);

  it('pixel art: few colours and blocky cells', async () => {
    const out = await run('pixel-art', { pixel_size: 8, colors: 8 });
    expect(distinctColours(out)).toBeLessThanOrEqual(8);
    // Inside each 8×8 cell every pixel has the cell's colour.
    let same = 0,
      total = 0;
    for (let cy = 0; cy + 8 <= out.height; cy += 8)
      for (let cx = 0; cx + 8 <= out.width; cx += 8) {
        const c = pixel(out, cx, cy).join();
        for (let y = cy; y < cy + 8; y++)
          for (let x = cx; x < cx + 8; x++) {
            total++;
            if (pixel(out, x, y).join() === c) same++;
          }
      }
    expect(same / total).toBeGreaterThan(0.99);
  }, 30_000);

  it('posterize: at most N colours', async () => {
    for (const colors of [3, 6]) expect(distinctColours(await run('posterize', { colors }))).toBeLessThanOrEqual(colors);
    expect(distinctColours(photo)).toBeGreaterThan(100);
  }, 30_000);

  it('duotone: every colour lies on the line between the two colours', async () => {
    const out = await run('duotone', { shadow_color: '#102030', highlight_color: '#f0a040' });
    const a = [0x10, 0x20, 0x30],
      b = [0xf0, 0xa0, 0x40];
    const d = b.map((v, i) => v - a[i]!),
      len2 = d.reduce((s, v) => s + v * v, 0);
    let worst = 0;
    for (let y = 0; y < out.height; y += 3)
      for (let x = 0; x < out.width; x += 3) {
        const p = pixel(out, x, y),
          t = Math.max(0, Math.min(1, d.reduce((s, v, i) => s + v * (p[i]! - a[i]!), 0) / len2));
        worst = Math.max(worst, Math.hypot(...[0, 1, 2].map((i) => p[i]! - (a[i]! + d[i]! * t))));
      }
    expect(worst).toBeLessThan(3);
  }, 30_000);

  it('portrait blur: background variance down, subject kept', async () => {
    // The fake segmenter marks a centred ellipse as the person: measure outside and well inside it.
    const out = await run('portrait-blur', { blur_radius: 10 });
    const cx = photo.width / 2,
      cy = photo.height * 0.55,
      rx = photo.width * 0.3,
      ry = photo.height * 0.45;
    const e = (x: number, y: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
    const outside = (x: number, y: number) => e(x, y) > 1.6,
      inside = (x: number, y: number) => e(x, y) < 0.5;
    const edgesOf = (img: RgbaImage, where: (x: number, y: number) => boolean) => {
      let s = 0;
      let n = 0;
      for (let y = 1; y < img.height - 1; y++)
        for (let x = 1; x < img.width - 1; x++)
          if (where(x, y)) {
            s += Math.abs(pixel(img, x, y)[0] - pixel(img, x + 1, y)[0]);
            n++;
          }
      return s / n;
    };
    expect(edgesOf(out, outside)).toBeLessThan(edgesOf(photo, outside) * 0.6);
    expect(meanIn(out, { x: 0, y: 0, width: photo.width, height: photo.height }, inside)).toEqual(
      meanIn(photo, { x: 0, y: 0, width: photo.width, height: photo.height }, inside),
    );
    expect(variance(out, inside)).toBeCloseTo(variance(photo, inside), 3);
  }, 30_000);

  it('background removal: backdrop alpha 0, product kept', async () => {
    const out = await run('background-removal');
    let backdropOpaque = 0,
      backdrop = 0,
      productKept = 0,
      productN = 0;
    for (let y = 0; y < out.height; y++)
      for (let x = 0; x < out.width; x++) {
        const a = pixel(out, x, y)[3];
        // The product's body (its own colour): what any cut-out engine must keep.
        const body = Math.hypot(...[0, 1, 2].map((k) => photo.data[(y * photo.width + x) * 4 + k]! - product.productRgb[k]!)) < 60;
        if (inMask(x, y) && body) {
          productN++;
          if (a === 255) productKept++;
        } else if (inMask(x, y)) continue;
        else if (Math.abs(x - product.box.x - product.box.width / 2) > product.box.width) {
          backdrop++;
          if (a > 0) backdropOpaque++;
        }
      }
    expect(backdropOpaque / backdrop).toBeLessThan(0.01);
    expect(productKept / productN).toBeGreaterThan(0.95);
  }, 30_000);

  it('colour variant: hue changed inside the product mask, unchanged outside', async () => {
    const out = await run('product-color-variant', { hue_shift_degrees: 120 });
    const hueIn = (img: RgbaImage) => rgbToHsl(...meanIn(img, product.box, inMask))[0];
    const shift = (((hueIn(out) - hueIn(photo)) % 360) + 360) % 360;
    expect(Math.abs(shift - 120)).toBeLessThan(15);
    let changedOutside = 0;
    for (let y = 0; y < out.height; y++)
      for (let x = 0; x < out.width; x++) {
        if (inMask(x, y)) continue;
        const near =
          x >= product.box.x - 3 && x < product.box.x + product.box.width + 3 && y >= product.box.y - 3 && y < product.box.y + product.box.height + 3;
        if (!near && pixel(out, x, y).join() !== pixel(photo, x, y).join()) changedOutside++;
      }
    expect(changedOutside).toBe(0);
  }, 30_000);

  it('outpaint: the asked aspect and the original pixels kept in the middle', async () => {
    const out = await run('outpaint', { aspect_ratio: '16:9' });
    expect(out.width / out.height).toBeCloseTo(16 / 9, 2);
    expect(out.height).toBe(photo.height);
    const left = Math.floor((out.width - photo.width) / 2);
    let diff = 0;
    for (let y = 0; y < photo.height; y++) for (let x = 0; x < photo.width; x++) if (pixel(out, x + left, y).join() !== pixel(photo, x, y).join()) diff++;
    expect(diff).toBe(0);
    // The added margins hold no copy of the red bottle (mirroring used to put ghost bottles there).
    let reddish = 0;
    for (let y = 0; y < out.height; y++)
      for (let x = 0; x < out.width; x++) {
        if (x >= left && x < left + photo.width) continue;
        const [r, g, b] = pixel(out, x, y);
        if (r! - Math.max(g!, b!) > 40) reddish++;
      }
    expect(reddish).toBe(0);
    // Vertical extension too (a tall aspect): no red above or below.
    const tall = await run('outpaint', { aspect_ratio: '9:16' });
    const top = Math.floor((tall.height - photo.height) / 2);
    let reddishTall = 0;
    for (let y = 0; y < tall.height; y++)
      for (let x = 0; x < tall.width; x++) {
        if (y >= top && y < top + photo.height) continue;
        const [r, g, b] = pixel(tall, x, y);
        if (r! - Math.max(g!, b!) > 40) reddishTall++;
      }
    expect(reddishTall).toBe(0);
  }, 30_000);

  it('cards: the asked size and text pixels (contrast in the text box)', async () => {
    const out = asImage(
      await runModel('text-card', { text: 'Big news', background_color: '#102040', text_color: '#ffffff', aspect_ratio: '16:9', size: 320 }, {}, fx.dir),
    );
    expect([out.width, out.height]).toEqual([320, 180]);
    let light = 0;
    for (let y = 60; y < 120; y++) for (let x = 40; x < 280; x++) if (pixel(out, x, y)[0] > 200) light++;
    expect(light).toBeGreaterThan(300);
    const corner = pixel(out, 5, 5);
    expect(corner.slice(0, 3)).toEqual([0x10, 0x20, 0x40]);
  }, 30_000);

  it("collage: each input's colour in its cell", async () => {
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
    const paths = await Promise.all(colours.map((c, i) => makeColorImage(fx.path(`c${i}.png`), c, { width: 64, height: 48 })));
    const out = asImage(
      await runModel(
        'collage',
        { image_urls: colours.map((_, i) => `https://example.com/${i}.png`), layout: 'grid', size: 200, gap_px: 4 },
        { image_urls: paths },
        fx.dir,
      ),
    );
    const cells = [
      [50, 50],
      [150, 50],
      [50, 150],
      [150, 150],
    ];
    cells.forEach(([x, y], i) => {
      const want = [1, 3, 5].map((k) => Number.parseInt(colours[i]!.slice(k, k + 2), 16));
      expect(
        pixel(out, x!, y!)
          .slice(0, 3)
          .map((v, k) => Math.abs(v - want[k]!))
          .every((d) => d < 8),
      ).toBe(true);
    });
  }, 30_000);

  it('image to video: an MP4 of the asked length and shape', async () => {
    const out = await runModel('image-to-video-ken-burns', { image_url: URL, duration_seconds: 2, aspect_ratio: '1:1', resolution: '360p' }, files, fx.dir);
    if (out.type !== 'video') throw new Error('expected a video');
    const probe = await probeMedia(out.path);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 360, height: 360 });
    expect(Math.abs(probe.durationSeconds - 2)).toBeLessThan(0.2);
  }, 60_000);

  it('variations are distinct pictures', async () => {
    for (const id of ['posterize', 'upscale-2x', 'background-removal', 'product-color-variant', 'duotone', 'pixel-art']) {
      const [a, b] = await Promise.all([run(id, {}, 0), run(id, {}, 1)]);
      expect(Buffer.from(a.data).equals(Buffer.from(b.data)), id).toBe(false);
    }
  }, 60_000);
});
