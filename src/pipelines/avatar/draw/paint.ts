import type { SKRSContext2D } from '@napi-rs/canvas';
import { rgbToHex } from '../../images/backgrounds/colour.js';

export type Ctx = SKRSContext2D;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parse(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const n = parseInt(full, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** Linear mix of two colours, t = 0 → a, 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return rgbToHex([x.r + (y.r - x.r) * t, x.g + (y.g - x.g) * t, x.b + (y.b - x.b) * t]);
}

/** Darker (amount < 0, towards black) or lighter (amount > 0, towards white). */
export function shade(hex: string, amount: number): string {
  return amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount);
}

export function withAlpha(hex: string, alpha: number): string {
  const { r, g, b } = parse(hex);
  return `rgba(${r},${g},${b},${alpha})`;
}

/** Relative brightness 0..1 (for choosing contrasting details). */
export function luminance(hex: string): number {
  const { r, g, b } = parse(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function ellipse(ctx: Ctx, x: number, y: number, rx: number, ry: number, fill?: string, rotation = 0): void {
  ctx.beginPath();
  ctx.ellipse(x, y, Math.abs(rx), Math.abs(ry), rotation, 0, Math.PI * 2);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
}

export function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill?: string): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
}

export function stroke(ctx: Ctx, color: string, width: number, cap: CanvasLineCap = 'round'): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = cap;
  ctx.lineJoin = 'round';
  ctx.stroke();
}

export function fill(ctx: Ctx, color: string | CanvasGradient): void {
  ctx.fillStyle = color;
  ctx.fill();
}
