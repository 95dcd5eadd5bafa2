import { createCanvas, ImageData } from '@napi-rs/canvas';
import { distance, LANDMARK, type Point, type RgbaImage } from '../../../engines/face/index.js';
import { withStops } from '../../images/canvas-paint.js';

/**
 * Paints what an opened mouth shows between the warped inner lips. A photo's closed mouth has no
 * inside to stretch, so it has to be drawn, and a flat light stripe reads as a drawing: a real
 * talking mouth is mostly shadow. So the inside is a dark oral cavity (darkest at the back, a
 * little light near the lips), the upper teeth a narrow band hanging from the upper lip's curve,
 * shaded by the lip's shadow and the corners and never white, a hint of tongue low in wider
 * openings, and the whole inside blended into the lips over a pixel or two. Colours are scaled by
 * the photo's light. Only the mouth's bounding box goes through the canvas.
 */
export function paintMouthInterior(image: RgbaImage, points: readonly Point[], light: number): void {
  const inner = LANDMARK.innerLips.map((i) => points[i]!);
  const gap =
    (
      [
        [61, 67],
        [62, 66],
        [63, 65],
      ] as const
    ).reduce((sum, [u, l]) => sum + distance(points[u]!, points[l]!), 0) / 3;
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

  // The inside is drawn on its own layer, then laid on the photo through a blurred mask (soft edge).
  const layer = createCanvas(w, h);
  const lctx = layer.getContext('2d');
  lctx.translate(-x0, -y0);
  const shade = (r: number, g: number, b: number, a = 1): string => `rgba(${Math.round(r * light)},${Math.round(g * light)},${Math.round(b * light)},${a})`;
  const innerWidth = distance(points[60]!, points[64]!);
  const top = Math.min(...inner.map((p) => p[1]));
  const bottom = Math.max(...inner.map((p) => p[1]));
  const centre: Point = [(points[62]![0] + points[66]![0]) / 2, (points[62]![1] + points[66]![1]) / 2];

  lctx.beginPath();
  smoothClosedPath(lctx, inner);
  lctx.save();
  lctx.clip();
  // Oral cavity: near black at the back, the lips' inner skin a little lighter around it.
  lctx.fillStyle = withStops(lctx.createRadialGradient(centre[0], centre[1], 0, centre[0], centre[1], Math.max(innerWidth / 2, gap)), [
    [0, shade(14, 5, 7)],
    [0.55, shade(30, 11, 13)],
    [1, shade(78, 32, 36)],
  ]);
  lctx.fillRect(x0, y0, w, h);

  // Tongue: a low, dull-red mound that shows once the mouth is opened wide.
  const tongueShare = Math.min(1, Math.max(0, (gap / Math.max(1, innerWidth) - 0.16) / 0.14));
  if (tongueShare > 0) {
    const tongueTop = bottom - gap * 0.42;
    lctx.fillStyle = withStops(lctx.createRadialGradient(centre[0], bottom, 0, centre[0], bottom, innerWidth * 0.34), [
      [0, shade(128, 56, 60, 0.9 * tongueShare)],
      [0.7, shade(96, 40, 45, 0.75 * tongueShare)],
      [1, shade(60, 22, 26, 0)],
    ]);
    lctx.beginPath();
    lctx.ellipse(centre[0], bottom + gap * 0.05, innerWidth * 0.34, bottom - tongueTop, 0, 0, Math.PI * 2);
    lctx.fill();
  }

  // Upper teeth: a band hanging from the upper inner lip's curve, only its middle visible (the
  // corners are in shadow), its top in the lip's shadow, its lower edge fading into the dark.
  if (gap >= 3) {
    const teethHeight = Math.min(gap * 0.3, innerWidth * 0.1);
    const upper = [60, 61, 62, 63, 64].map((i) => points[i]!);
    lctx.beginPath();
    lctx.moveTo(upper[0]![0], upper[0]![1] - 1);
    for (const p of upper.slice(1)) lctx.lineTo(p[0], p[1] - 1);
    for (const p of [...upper].reverse()) lctx.lineTo(p[0], p[1] + teethHeight);
    lctx.closePath();
    lctx.fillStyle = withStops(lctx.createLinearGradient(upper[0]![0], 0, upper[4]![0], 0), [
      [0, shade(40, 22, 22, 0)],
      [0.2, shade(122, 106, 92, 0.65)],
      [0.5, shade(174, 160, 140, 0.88)],
      [0.8, shade(122, 106, 92, 0.65)],
      [1, shade(40, 22, 22, 0)],
    ]);
    lctx.fill();
    // The lip's shadow on the teeth' top, the mouth's darkness on their lower edge.
    lctx.fillStyle = withStops(lctx.createLinearGradient(0, top - 1, 0, top + teethHeight + 1), [
      [0, shade(40, 18, 18, 0.4)],
      [0.25, shade(40, 18, 18, 0)],
      [0.75, shade(30, 12, 14, 0)],
      [1, shade(30, 12, 14, 0.55)],
    ]);
    lctx.fill();
    // The gap between the two front teeth.
    lctx.strokeStyle = shade(40, 25, 25, 0.35);
    lctx.lineWidth = Math.max(0.6, innerWidth * 0.012);
    lctx.beginPath();
    lctx.moveTo(points[62]![0], points[62]![1]);
    lctx.lineTo(points[62]![0], points[62]![1] + teethHeight);
    lctx.stroke();
  }
  lctx.restore();

  // Soft edge: keep the layer only inside a blurred copy of the inner-lip shape.
  const mask = createCanvas(w, h);
  const mctx = mask.getContext('2d');
  mctx.translate(-x0, -y0);
  mctx.filter = `blur(${Math.min(2, Math.max(0.6, gap * 0.06)).toFixed(2)}px)`;
  mctx.beginPath();
  smoothClosedPath(mctx, inner);
  mctx.fillStyle = '#fff';
  mctx.fill();
  lctx.setTransform(1, 0, 0, 1, 0, 0);
  lctx.globalCompositeOperation = 'destination-in';
  lctx.drawImage(mask, 0, 0);
  ctx.drawImage(layer, 0, 0);

  const painted = ctx.getImageData(0, 0, w, h).data;
  for (let y = 0; y < h; y++) image.data.set(painted.subarray(y * w * 4, (y + 1) * w * 4), ((y0 + y) * image.width + x0) * 4);
}

/** A closed curve through the midpoints of the polygon's sides, bending at its corners. */
function smoothClosedPath(
  ctx: { moveTo(x: number, y: number): void; quadraticCurveTo(cx: number, cy: number, x: number, y: number): void; closePath(): void },
  points: readonly Point[],
): void {
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
