import { createCanvas, ImageData } from '@napi-rs/canvas';
import { distance, LANDMARK, type Point, type RgbaImage } from '../../../engines/face/index.js';

/**
 * Paints what an opened mouth shows between the warped inner lips: a dark interior, lighter
 * towards the tongue, and the upper teeth as a band under the upper lip, both shaded by the
 * photo's light. A photo's closed mouth has no inside to stretch, so it has to be drawn.
 * Only the mouth's bounding box goes through the canvas.
 */
export function paintMouthInterior(image: RgbaImage, points: readonly Point[], light: number): void {
  const inner = LANDMARK.innerLips.map((i) => points[i]!);
  const gap = ([[61, 67], [62, 66], [63, 65]] as const).reduce((sum, [u, l]) => sum + distance(points[u]!, points[l]!), 0) / 3;
  if (gap < 1.5) return;

  const outer = LANDMARK.outerLips.map((i) => points[i]!);
  const x0 = Math.max(0, Math.floor(Math.min(...outer.map((p) => p[0]))) - 2);
  const y0 = Math.max(0, Math.floor(Math.min(...outer.map((p) => p[1]))) - 2);
  const x1 = Math.min(image.width, Math.ceil(Math.max(...outer.map((p) => p[0]))) + 2);
  const y1 = Math.min(image.height, Math.ceil(Math.max(...outer.map((p) => p[1]))) + 2);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return;

  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const box = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) box.set(image.data.subarray(((y0 + y) * image.width + x0) * 4, ((y0 + y) * image.width + x1) * 4), y * w * 4);
  ctx.putImageData(new ImageData(box, w, h), 0, 0);
  ctx.translate(-x0, -y0);

  const top = Math.min(...inner.map((p) => p[1]));
  const bottom = Math.max(...inner.map((p) => p[1]));
  const shade = (r: number, g: number, b: number): string => `rgb(${Math.round(r * light)},${Math.round(g * light)},${Math.round(b * light)})`;

  ctx.beginPath();
  smoothClosedPath(ctx, inner);
  const interior = ctx.createLinearGradient(0, top, 0, bottom);
  interior.addColorStop(0, shade(60, 24, 27));
  interior.addColorStop(0.55, shade(26, 9, 11));
  interior.addColorStop(1, shade(105, 44, 48));
  ctx.fillStyle = interior;
  ctx.fill();

  // Upper teeth: the upper inner lip's curve, and the same curve lowered by a share of the gap.
  if (gap >= 3) {
    ctx.save();
    ctx.clip();
    const teethHeight = Math.min(gap * 0.28, distance(points[60]!, points[64]!) * 0.11);
    const upper = [60, 61, 62, 63, 64].map((i) => points[i]!);
    ctx.beginPath();
    ctx.moveTo(upper[0]![0], upper[0]![1] - 1);
    for (const p of upper.slice(1)) ctx.lineTo(p[0], p[1] - 1);
    for (const p of [...upper].reverse()) ctx.lineTo(p[0], p[1] + teethHeight);
    ctx.closePath();
    const [left, right] = [points[60]!, points[64]!];
    const teeth = ctx.createLinearGradient(left[0], left[1], right[0], right[1]);
    // Teeth inside a talking mouth sit in its shadow: off-white at most, darker towards the corners.
    teeth.addColorStop(0, shade(70, 55, 52));
    teeth.addColorStop(0.22, shade(178, 168, 156));
    teeth.addColorStop(0.5, shade(212, 204, 190));
    teeth.addColorStop(0.78, shade(178, 168, 156));
    teeth.addColorStop(1, shade(70, 55, 52));
    ctx.fillStyle = teeth;
    ctx.fill();
    ctx.restore();
  }

  const painted = ctx.getImageData(0, 0, w, h).data;
  for (let y = 0; y < h; y++) image.data.set(painted.subarray(y * w * 4, (y + 1) * w * 4), ((y0 + y) * image.width + x0) * 4);
}

/** A closed curve through the midpoints of the polygon's sides, bending at its corners. */
function smoothClosedPath(ctx: { moveTo(x: number, y: number): void; quadraticCurveTo(cx: number, cy: number, x: number, y: number): void; closePath(): void }, points: readonly Point[]): void {
  const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const n = points.length;
  const start = mid(points[n - 1]!, points[0]!);
  ctx.moveTo(start[0], start[1]);
  for (let i = 0; i < n; i++) {
    const corner = points[i]!;
    const next = mid(corner, points[(i + 1) % n]!);
    ctx.quadraticCurveTo(corner[0], corner[1], next[0], next[1]);
  }
  ctx.closePath();
}

/**
 * How bright the face is lit, 0.45..1.05, from the skin between the eyes and the mouth, so the
 * painted teeth are not brighter than the face around them.
 */
export function faceLight(image: RgbaImage, points: readonly Point[]): number {
  const area = [29, 30, 31, 35, 1, 15].map((i) => points[i]!);
  const nose = points[30]!;
  let sum = 0;
  let count = 0;
  for (const p of area) {
    // Halfway between the nose and each point: cheek and nose skin, no hair or background.
    const x = Math.round((p[0] + nose[0]) / 2);
    const y = Math.round((p[1] + nose[1]) / 2);
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const px = Math.min(image.width - 1, Math.max(0, x + dx));
        const py = Math.min(image.height - 1, Math.max(0, y + dy));
        const i = (py * image.width + px) * 4;
        sum += 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
        count++;
      }
    }
  }
  return Math.min(1.05, Math.max(0.45, sum / count / 165));
}
