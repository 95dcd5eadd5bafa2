import sharp from 'sharp';
import type { PixelBox, RgbaImage } from '../../core/raster.js';

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

/** A blank (transparent) image. */
/** A picture of one colour, transparent unless `rgba` says otherwise. */
export function blankImage(width: number, height: number, rgba?: readonly [number, number, number, number]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  if (rgba?.some((v) => v !== 0)) for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

/** The pixels of a @napi-rs/canvas (or any object with a 2D context's getImageData) as RgbaImage. */
export function canvasToRgba(canvas: {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}): RgbaImage {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** The smallest box holding every pixel with alpha ≥ `minAlpha`; null when there is none. */
export function alphaBox(img: RgbaImage, minAlpha = 8): PixelBox | null {
  const { width, height, data } = img;
  let x0 = width,
    y0 = height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (data[row + x * 4 + 3]! < minAlpha) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The picture cut to its visible content (a cut-out's transparent margin removed); as is when empty. */
export function trimToAlpha(img: RgbaImage, minAlpha = 8): RgbaImage {
  const box = alphaBox(img, minAlpha);
  return box ? cropImage(img, box) : img;
}

export function cropImage(img: RgbaImage, box: PixelBox): RgbaImage {
  const out = blankImage(box.width, box.height);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * img.width + box.x) * 4;
    out.data.set(img.data.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return out;
}

/** Resamples (Lanczos, alpha premultiplied by sharp so edges keep no dark fringe); pixels are scaled, not redrawn. */
export async function resizeImage(img: RgbaImage, width: number, height: number, fit: 'fill' | 'cover' = 'fill'): Promise<RgbaImage> {
  if (img.width === width && img.height === height) return { width, height, data: new Uint8Array(img.data) };
  const { data } = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.width, height: img.height, channels: 4 },
  })
    .resize(width, height, { fit, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Draws `src` over `dst` at (left, top), straight-alpha "over", in place. Where `src` is opaque its
 * pixels land unchanged, which is what keeps a product's colours exact in a composite.
 */
export function drawOver(dst: RgbaImage, src: RgbaImage, left: number, top: number, opacity = 1): void {
  const x0 = Math.max(0, left),
    y0 = Math.max(0, top);
  const x1 = Math.min(dst.width, left + src.width),
    y1 = Math.min(dst.height, top + src.height);
  const d = dst.data,
    s = src.data;
  for (let y = y0; y < y1; y++) {
    let si = ((y - top) * src.width + (x0 - left)) * 4;
    let di = (y * dst.width + x0) * 4;
    for (let x = x0; x < x1; x++, si += 4, di += 4) {
      const a = (s[si + 3]! / 255) * opacity;
      if (a <= 0) continue;
      if (a >= 1) {
        d[di] = s[si]!;
        d[di + 1] = s[si + 1]!;
        d[di + 2] = s[si + 2]!;
        d[di + 3] = 255;
        continue;
      }
      const da = d[di + 3]! / 255;
      const oa = a + da * (1 - a);
      for (let c = 0; c < 3; c++) d[di + c] = Math.round((s[si + c]! * a + d[di + c]! * da * (1 - a)) / oa);
      d[di + 3] = Math.round(oa * 255);
    }
  }
}
