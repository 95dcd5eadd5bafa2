/**
 * Canvas painting steps that the drawn pictures (avatars, their scenes, the shorts' illustrations,
 * staged products) share.
 */
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RgbaImage } from '../../core/raster.js';

/** A colour stop of a gradient: where (0..1 along it) and which colour. */
export type GradientStop = readonly [offset: number, colour: string];

/** `gradient` with its colour stops added in order, for `fillStyle = withStops(ctx.createLinearGradient(…), […])`. */
export function withStops<G extends { addColorStop(offset: number, colour: string): void }>(gradient: G, stops: readonly GradientStop[]): G {
  for (const [offset, colour] of stops) gradient.addColorStop(offset, colour);
  return gradient;
}

/**
 * A soft shadow or glow: the ellipse at (`x`, `y`) with radii `rx`, `ry`, filled by a radial
 * gradient of `stops` from its centre (0) to its rim (1).
 */
export function softEllipse(ctx: SKRSContext2D, x: number, y: number, rx: number, ry: number, stops: readonly GradientStop[]): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(1, ry / rx);
  ctx.fillStyle = withStops(ctx.createRadialGradient(0, 0, 0, 0, 0, rx), stops);
  ctx.beginPath();
  ctx.arc(0, 0, rx, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A canvas holding the image's pixels, to draw it onto another canvas (scaled, clipped, shadowed). */
export function canvasOf(img: RgbaImage): Canvas {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(img.width, img.height);
  data.data.set(img.data);
  ctx.putImageData(data, 0, 0);
  return canvas;
}

/**
 * A field of colour computed per pixel at 1/`scale` of `width` × `height`, drawn scaled up and
 * blurred over the top-left of `ctx`: foliage and canopies far behind the focus plane, where
 * detail would only cost time. `colourAt` gives red, green, blue and alpha (0–255) of a small pixel.
 */
export function paintSoftField(
  ctx: SKRSContext2D,
  area: { width: number; height: number; scale: number; blurPx: number },
  colourAt: (x: number, y: number, sw: number, sh: number) => readonly [number, number, number, number],
): void {
  const sw = Math.ceil(area.width / area.scale);
  const sh = Math.ceil(area.height / area.scale);
  const small = createCanvas(sw, sh);
  const sctx = small.getContext('2d');
  const img = sctx.createImageData(sw, sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const c = colourAt(x, y, sw, sh);
      img.data.set(c, (y * sw + x) * 4);
    }
  }
  sctx.putImageData(img, 0, 0);
  ctx.save();
  ctx.filter = `blur(${area.blurPx}px)`;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(small, 0, 0, sw * area.scale, sh * area.scale);
  ctx.restore();
}
