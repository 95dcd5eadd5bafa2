/**
 * Measures a cut-out against a photo's true mask: the backdrop (outside the mask grown by a few
 * pixels) must turn transparent, the product (inside the mask shrunk by a few pixels) must stay
 * opaque. The margins leave the anti-aliased edge out of both counts.
 */
import type { RgbaImage } from '../../src/core/raster.js';

/** Grows (radius > 0) or shrinks (radius < 0) a 0/255 mask by a square of that radius. */
export function morph(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const grow = radius > 0;
  const r = Math.abs(radius);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = !grow;
      for (let dy = -r; dy <= r && hit !== grow; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx,
            yy = y + dy;
          const inside = xx >= 0 && yy >= 0 && xx < width && yy < height && mask[yy * width + xx]! > 0;
          if (grow && inside) {
            hit = true;
            break;
          }
          if (!grow && !inside) {
            hit = false;
            break;
          }
        }
      }
      out[y * width + x] = hit ? 255 : 0;
    }
  }
  return out;
}

export interface CutoutScore {
  /** Share of backdrop pixels with alpha < 32. */
  backdropGone: number;
  /** Share of product pixels with alpha > 224. */
  productKept: number;
}

export function scoreCutout(cut: RgbaImage, trueMask: Uint8Array, marginPx = 3): CutoutScore {
  const grown = morph(trueMask, cut.width, cut.height, marginPx);
  const shrunk = morph(trueMask, cut.width, cut.height, -marginPx);
  let bg = 0,
    bgGone = 0,
    fg = 0,
    fgKept = 0;
  for (let i = 0; i < trueMask.length; i++) {
    const a = cut.data[i * 4 + 3]!;
    if (!grown[i]) {
      bg++;
      if (a < 32) bgGone++;
    }
    if (shrunk[i]) {
      fg++;
      if (a > 224) fgKept++;
    }
  }
  return { backdropGone: bgGone / bg, productKept: fgKept / fg };
}

/** A photo of one flat colour: nothing in it to cut out. */
export function flatPhoto(width: number, height: number, rgb: [number, number, number]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([rgb[0], rgb[1], rgb[2], 255], i * 4);
  return { width, height, data };
}
