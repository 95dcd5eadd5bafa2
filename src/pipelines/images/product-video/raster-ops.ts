import sharp from 'sharp';
import type { PixelBox, RgbaImage } from '../../../core/raster.js';

/** The smallest box holding every pixel with alpha above `threshold`; null when there is none. */
export function alphaBox(img: RgbaImage, threshold = 16): PixelBox | null {
  let minX = img.width, minY = img.height, maxX = -1, maxY = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4 + 3]! > threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The image cut to its visible content (a cut-out's transparent margin removed). */
export function trimToAlpha(img: RgbaImage): RgbaImage {
  const box = alphaBox(img);
  if (!box) return img;
  const data = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * img.width + box.x) * 4;
    data.set(img.data.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return { width: box.width, height: box.height, data };
}

/** Scaled down (never up) so the longer side is at most `maxPx`; alpha kept. */
export async function fitWithin(img: RgbaImage, maxPx: number): Promise<RgbaImage> {
  if (Math.max(img.width, img.height) <= maxPx) return img;
  return resizeRgba(img, { width: maxPx, height: maxPx, fit: 'inside' });
}

/** Resized to exactly `width × height` (cover) or inside it, through sharp. */
export async function resizeRgba(img: RgbaImage, size: { width: number; height: number; fit: 'cover' | 'inside' }): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(size.width, size.height, { fit: size.fit })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
