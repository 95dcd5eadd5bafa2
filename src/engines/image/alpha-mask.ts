/**
 * Small helpers shared by the cut-out and segmentation adapters: one-channel masks (0..255, one
 * byte a pixel) resized smoothly with sharp, applied to photos, and measured.
 */
import sharp from 'sharp';
import type { RgbaImage } from '../../core/raster.js';

/** Resizes a one-channel mask with a smooth kernel (no blocky edges when it grows 4×). */
export async function resizeMask(mask: Uint8Array, from: { width: number; height: number }, to: { width: number; height: number }): Promise<Uint8Array> {
  if (from.width === to.width && from.height === to.height) return mask;
  const { data, info } = await sharp(Buffer.from(mask.buffer, mask.byteOffset, mask.length), { raw: { width: from.width, height: from.height, channels: 1 } })
    .resize(to.width, to.height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== to.width || info.height !== to.height)
    throw new Error(`mask resize gave ${info.width}x${info.height}x${info.channels}`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The photo with its alpha multiplied by the mask (a photo that already had transparency keeps it). */
export function applyMask(photo: RgbaImage, mask: Uint8Array): RgbaImage {
  const out = new Uint8Array(photo.data);
  for (let i = 0; i < mask.length; i++) {
    const a = out[i * 4 + 3]!;
    out[i * 4 + 3] = a === 255 ? mask[i]! : Math.round((a * mask[i]!) / 255);
  }
  return { width: photo.width, height: photo.height, data: out };
}

/** Share of pixels at least half opaque. */
export function opaqueShare(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]! >= 128) n++;
  return mask.length ? n / mask.length : 0;
}

/** Largest side down to `maxSidePx` (never up), as PNG bytes ready for a worker. */
export async function pngWithin(photo: RgbaImage, maxSidePx: number): Promise<{ png: Buffer; width: number; height: number }> {
  const scale = Math.min(1, maxSidePx / Math.max(photo.width, photo.height));
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  let image = sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  });
  if (scale < 1) image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  // Fast compression: the bytes only cross a pipe.
  const png = await image.png({ compressionLevel: 1 }).toBuffer();
  return { png, width, height };
}
