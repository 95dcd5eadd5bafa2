import sharp from 'sharp';
import type { RgbaImage } from '../../core/raster.js';

/** Decodes a picture file or bytes (PNG, JPEG, WebP …) to RGBA, turned upright by its EXIF orientation. */
export async function decodeImage(input: Buffer | string): Promise<RgbaImage> {
  const { data, info } = await sharp(input).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export async function encodePng(image: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png()
    .toBuffer();
}
