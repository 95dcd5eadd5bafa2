import sharp from 'sharp';
import type { RgbaImage } from '../../core/raster.js';

/** Scaled down (never up) so the longer side is at most `maxPx`; alpha kept. */
export async function fitWithin(img: RgbaImage, maxPx: number): Promise<RgbaImage> {
  if (Math.max(img.width, img.height) <= maxPx) return img;
  return resizeRgba(img, { width: maxPx, height: maxPx, fit: 'inside' });
}

/** Resized to exactly `width × height` (cover) or inside it, through sharp. */
export async function resizeRgba(img: RgbaImage, size: { width: number; height: number; fit: 'cover' | 'inside' }): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .resize(size.width, size.height, { fit: size.fit })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
