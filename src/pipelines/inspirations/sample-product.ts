import { createCanvas } from '@napi-rs/canvas';
import type { RgbaImage } from '../../core/raster.js';
import { canvasToRgba } from '../images/raster-io.js';

/**
 * The built-in sample product the catalog previews are made from (no photo ships with the
 * service): a red bottle with a cream label and a dark cap on a plain light backdrop, which the
 * cut-out engines separate cleanly.
 */
export function sampleProductPhoto(width = 640, height = 800): RgbaImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const backdrop = ctx.createLinearGradient(0, 0, 0, height);
  backdrop.addColorStop(0, '#ecebe8');
  backdrop.addColorStop(1, '#d9d7d2');
  ctx.fillStyle = backdrop;
  ctx.fillRect(0, 0, width, height);
  const bw = width * 0.34,
    bh = height * 0.62,
    bx = (width - bw) / 2,
    by = height * 0.2;
  const neckW = bw * 0.36,
    capH = bh * 0.12,
    neckH = bh * 0.14,
    cx = width / 2;
  ctx.fillStyle = '#1f2937';
  ctx.fillRect(cx - neckW / 2, by, neckW, capH);
  ctx.fillStyle = '#c81e3a';
  ctx.fillRect(cx - neckW / 2, by + capH, neckW, neckH);
  ctx.beginPath();
  ctx.moveTo(cx - neckW / 2, by + capH + neckH);
  ctx.lineTo(bx, by + capH + neckH + bh * 0.1);
  ctx.lineTo(bx, by + bh);
  ctx.lineTo(bx + bw, by + bh);
  ctx.lineTo(bx + bw, by + capH + neckH + bh * 0.1);
  ctx.lineTo(cx + neckW / 2, by + capH + neckH);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#f5ecd7';
  ctx.fillRect(bx + bw * 0.08, by + bh * 0.5, bw * 0.84, bh * 0.26);
  ctx.fillStyle = 'rgba(255,255,255,0.25)';
  ctx.fillRect(bx + bw * 0.12, by + capH + neckH + bh * 0.12, bw * 0.08, bh * 0.6);
  return canvasToRgba(canvas);
}
