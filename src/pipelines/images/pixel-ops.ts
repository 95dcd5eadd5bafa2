import sharp, { type Sharp } from 'sharp';
import type { RgbaImage } from '../../core/raster.js';

/** Small helpers shared by the asset models: RGBA in memory ↔ sharp pipelines, colour maths. */

export function sharpOf(img: RgbaImage): Sharp {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 4 } });
}

export async function rgbaOf(pipeline: Sharp): Promise<RgbaImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export function hexToRgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function clamp255(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

export function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  r /= 255;
  g /= 255;
  b /= 255;
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  h = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const f = (t: number) => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [f(h + 1 / 3) * 255, f(h) * 255, f(h - 1 / 3) * 255];
}

/** Output size for an aspect (`16:9` or `16x9`) with `longSidePx` on the longer side, even numbers (video-safe). */
export function sizeForAspect(aspect: string, longSidePx: number): { width: number; height: number } {
  const [a, b] = aspect.split(/[:x]/).map(Number) as [number, number];
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return a >= b ? { width: even(longSidePx), height: even((longSidePx * b) / a) } : { width: even((longSidePx * a) / b), height: even(longSidePx) };
}

/** Flattens transparency onto white (filters work on opaque pictures; the alpha is put back after). */
export function opaque(img: RgbaImage): RgbaImage {
  const out = new Uint8Array(img.data);
  for (let i = 0; i < out.length; i += 4) {
    const a = out[i + 3]! / 255;
    out[i] = clamp255(out[i]! * a + 255 * (1 - a));
    out[i + 1] = clamp255(out[i + 1]! * a + 255 * (1 - a));
    out[i + 2] = clamp255(out[i + 2]! * a + 255 * (1 - a));
    out[i + 3] = 255;
  }
  return { width: img.width, height: img.height, data: out };
}

/** A copy of `img` with the alpha of `from` (same size). */
export function withAlphaOf(img: RgbaImage, from: RgbaImage): RgbaImage {
  const out = new Uint8Array(img.data);
  for (let i = 3; i < out.length; i += 4) out[i] = from.data[i]!;
  return { width: img.width, height: img.height, data: out };
}
