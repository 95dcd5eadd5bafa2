import type { PixelBox, RgbaImage } from '../../../src/core/raster.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

/** The fixture bottle cut out with its true mask (exact, so tests measure staging, not the cut-out). */
export async function bottleCutout(opts: { body?: string } = {}): Promise<{ cutout: RgbaImage; productRgb: [number, number, number] }> {
  const photo = await productPhoto({ width: 240, height: 300, ...(opts.body ? { body: opts.body } : {}) });
  const cutout = { ...photo.rgba, data: new Uint8Array(photo.rgba.data) };
  for (let i = 0; i < photo.mask.length; i++) cutout.data[i * 4 + 3] = photo.mask[i]!;
  return { cutout, productRgb: photo.productRgb };
}

/** A person-like cut-out: head and shoulders down to the bottom edge (a bust), skin and shirt colours. */
export function bustCutout(width = 160, height = 200): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const head = ((x - width / 2) / (width * 0.2)) ** 2 + ((y - height * 0.25) / (height * 0.2)) ** 2 <= 1;
      const body = y > height * 0.45 && Math.abs(x - width / 2) < width * (0.2 + (y / height - 0.45) * 0.6);
      if (!head && !body) continue;
      const c = head ? [224, 172, 140] : [40, 90, 160];
      data[i] = c[0]!;
      data[i + 1] = c[1]!;
      data[i + 2] = c[2]!;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

export function meanRgb(img: RgbaImage, box: PixelBox = { x: 0, y: 0, width: img.width, height: img.height }): [number, number, number] {
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * img.width + x) * 4;
      r += img.data[i]!;
      g += img.data[i + 1]!;
      b += img.data[i + 2]!;
      n++;
    }
  return [r / n, g / n, b / n];
}

export function luminance(img: RgbaImage, box: PixelBox): number {
  const [r, g, b] = meanRgb(img, box);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Mean absolute difference between neighbouring 3×3 block means: how much visible texture there is,
 * with per-pixel film grain averaged away.
 */
export function textureEnergy(img: RgbaImage, box: PixelBox): number {
  const block = (bx: number, by: number) => {
    let s = 0;
    for (let y = by; y < by + 3; y++)
      for (let x = bx; x < bx + 3; x++) {
        const i = (y * img.width + x) * 4;
        s += img.data[i]! + img.data[i + 1]! + img.data[i + 2]!;
      }
    return s / 9;
  };
  let sum = 0,
    n = 0;
  for (let y = box.y; y + 3 <= box.y + box.height; y += 3)
    for (let x = box.x + 3; x + 3 <= box.x + box.width; x += 3) {
      sum += Math.abs(block(x, y) - block(x - 3, y));
      n++;
    }
  return sum / n;
}

export function variance(img: RgbaImage): number {
  const [mr, mg, mb] = meanRgb(img);
  let v = 0;
  for (let i = 0; i < img.data.length; i += 4) v += (img.data[i]! - mr) ** 2 + (img.data[i + 1]! - mg) ** 2 + (img.data[i + 2]! - mb) ** 2;
  return v / (img.data.length / 4);
}

export function boxesOverlap(a: PixelBox, b: PixelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function inside(box: PixelBox, w: number, h: number): boolean {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h;
}

export function sameBytes(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;
}

export function meanAbsDiff(a: RgbaImage, b: RgbaImage): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) s += Math.abs(a.data[i]! - b.data[i]!);
  return s / ((a.data.length / 4) * 3);
}
