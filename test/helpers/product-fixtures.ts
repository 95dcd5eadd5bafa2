/**
 * Product photos for the images family, drawn on the spot: a bottle (red body, cream label, dark
 * cap, soft highlight) standing on a plain studio backdrop with a gentle gradient and sensor noise.
 * The bottle's true mask is known, so tests can measure a cut-out (backdrop gone, product kept)
 * and find the product's colours in a staged picture.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PixelBox, RgbaImage } from '../../src/core/raster.js';

export interface ProductPhoto {
  /** JPEG bytes (what a client would send). */
  jpeg: Buffer;
  /** PNG bytes, lossless. */
  png: Buffer;
  /** Decoded pixels of the PNG. */
  rgba: RgbaImage;
  /** 255 where the bottle is, 0 elsewhere. */
  mask: Uint8Array;
  /** The bottle's bounding box. */
  box: PixelBox;
  /** The backdrop's colour at its centre, and the bottle body's colour. */
  backdropRgb: [number, number, number];
  productRgb: [number, number, number];
}

export interface ProductPhotoOptions {
  width?: number;
  height?: number;
  /** Backdrop colour, `#rrggbb` (default a light grey). */
  backdrop?: string;
  /** Bottle body colour (default red). */
  body?: string;
}

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function drawBottle(ctx: CanvasRenderingContext2DLike, b: PixelBox, body: string, cap: string): void {
  const neckW = b.width * 0.36;
  const capH = b.height * 0.12;
  const neckH = b.height * 0.14;
  const cx = b.x + b.width / 2;
  ctx.fillStyle = cap;
  ctx.fillRect(cx - neckW / 2, b.y, neckW, capH);
  ctx.fillStyle = body;
  ctx.fillRect(cx - neckW / 2, b.y + capH, neckW, neckH);
  ctx.beginPath();
  ctx.moveTo(cx - neckW / 2, b.y + capH + neckH);
  ctx.lineTo(b.x, b.y + capH + neckH + b.height * 0.1);
  ctx.lineTo(b.x, b.y + b.height);
  ctx.lineTo(b.x + b.width, b.y + b.height);
  ctx.lineTo(b.x + b.width, b.y + capH + neckH + b.height * 0.1);
  ctx.lineTo(cx + neckW / 2, b.y + capH + neckH);
  ctx.closePath();
  ctx.fill();
}

type CanvasRenderingContext2DLike = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** A studio photo of a bottle; 480×600 by default, the bottle about a third of the width. */
export async function productPhoto(opts: ProductPhotoOptions = {}): Promise<ProductPhoto> {
  const width = opts.width ?? 480;
  const height = opts.height ?? 600;
  const backdrop = opts.backdrop ?? '#dcdcdc';
  const body = opts.body ?? '#c0392b';
  const box: PixelBox = {
    x: Math.round(width * 0.33),
    y: Math.round(height * 0.18),
    width: Math.round(width * 0.34),
    height: Math.round(height * 0.64),
  };

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const [r, g, bl] = hexRgb(backdrop);
  const grad = ctx.createLinearGradient(0, 0, 0, height);
  grad.addColorStop(0, `rgb(${Math.min(255, r + 12)},${Math.min(255, g + 12)},${Math.min(255, bl + 12)})`);
  grad.addColorStop(1, `rgb(${Math.max(0, r - 12)},${Math.max(0, g - 12)},${Math.max(0, bl - 12)})`);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, width, height);
  drawBottle(ctx, box, body, '#222222');
  // Label and a highlight: the product has more than one colour, as real ones do.
  ctx.fillStyle = '#f3e6c8';
  ctx.fillRect(box.x, box.y + box.height * 0.5, box.width, box.height * 0.22);
  ctx.fillStyle = 'rgba(255,255,255,0.25)';
  ctx.fillRect(box.x + box.width * 0.12, box.y + box.height * 0.3, box.width * 0.08, box.height * 0.6);

  // The mask, drawn with the same shapes in white on black without anti-aliasing blur.
  const maskCanvas = createCanvas(width, height);
  const mctx = maskCanvas.getContext('2d');
  mctx.fillStyle = '#000000';
  mctx.fillRect(0, 0, width, height);
  drawBottle(mctx, box, '#ffffff', '#ffffff');
  const maskRgba = mctx.getImageData(0, 0, width, height).data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = maskRgba[i * 4]! >= 128 ? 255 : 0;

  // Sensor noise on the backdrop only, seeded so the fixture is the same every run.
  const img = ctx.getImageData(0, 0, width, height);
  let seed = 12345;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) continue;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const n = ((seed >> 16) % 7) - 3;
    for (let c = 0; c < 3; c++) img.data[i * 4 + c] = Math.max(0, Math.min(255, img.data[i * 4 + c]! + n));
  }
  ctx.putImageData(img, 0, 0);

  const png = await canvas.encode('png');
  const raw = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const jpeg = await sharp(png).jpeg({ quality: 92 }).toBuffer();
  return {
    jpeg,
    png,
    rgba: { width: raw.info.width, height: raw.info.height, data: new Uint8Array(raw.data) },
    mask,
    box,
    backdropRgb: [r, g, bl],
    productRgb: hexRgb(body),
  };
}
