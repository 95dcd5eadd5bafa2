import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { faceAxes } from '../photo/head-patch.js';
import type { FootageMouthColours, Rgb } from './footage-mouth-colours.js';

/**
 * Paints the inside of an opened mouth between the inner lips of `points`, in the footage's own
 * mouth colours: the lips' inner skin in shadow at the edge, the back of the mouth in the middle,
 * and the upper teeth as one soft band hanging from the upper lip (on a face a few hundred pixels
 * wide, filmed, single teeth do not read; drawn ones look pasted). Edges are as soft as the
 * footage's own (`softnessPx`: about one source pixel at the output's scale).
 */
export function paintFootageMouth(image: RgbaImage, points: readonly Point[], colours: FootageMouthColours, softnessPx: number): void {
  const { across, down } = faceAxes(points);
  const corner0 = points[60]!;
  const corner1 = points[64]!;
  const centre: Point = [(corner0[0] + corner1[0]) / 2, (corner0[1] + corner1[1]) / 2];
  const toMouth = ([x, y]: Point): Point => [(x - centre[0]) * across[0] + (y - centre[1]) * across[1], (x - centre[0]) * down[0] + (y - centre[1]) * down[1]];
  const upper = [60, 61, 62, 63, 64].map((i) => toMouth(points[i]!)).sort((a, b) => a[0] - b[0]);
  const lower = [60, 67, 66, 65, 64].map((i) => toMouth(points[i]!)).sort((a, b) => a[0] - b[0]);
  const left = Math.min(upper[0]![0], lower[0]![0]);
  const right = Math.max(upper.at(-1)![0], lower.at(-1)![0]);
  const width = right - left;
  const gapMiddle = curveAt(lower, 0) - curveAt(upper, 0);
  if (width < 2 || gapMiddle < 1) return;

  const feather = Math.max(0.7, softnessPx);
  const teethHeight = Math.min(gapMiddle * 0.4, width * 0.14);
  const edgeShade = scale(colours.lips, 0.6);
  // Teeth inside a mouth are lit through the lips and take their red; bare, they look pasted on.
  const teeth = mix(colours.teeth, colours.lips, 0.35);
  const inner = points.slice(60, 68);
  const x0 = Math.max(0, Math.floor(Math.min(...inner.map((p) => p[0])) - feather - 1));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...inner.map((p) => p[0])) + feather + 1));
  const y0 = Math.max(0, Math.floor(Math.min(...inner.map((p) => p[1])) - feather - 1));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...inner.map((p) => p[1])) + feather + 1));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [a, d] = toMouth([x + 0.5, y + 0.5]);
      const u = (a - left) / width;
      if (u <= 0 || u >= 1) continue;
      const top = curveAt(upper, a);
      const gap = curveAt(lower, a) - top;
      const v = d - top;
      const side = Math.min(u, 1 - u);
      const alpha = smoothstep(-feather, feather, v) * smoothstep(-feather, feather, gap - v) * smoothstep(0, 0.04, side);
      if (alpha <= 0) continue;
      const depth = smoothstep(0, Math.max(2, gapMiddle * 0.45), Math.min(v, gap - v, side * width * 0.5));
      let colour = mix(edgeShade, colours.cavity, depth);
      const height = teethHeight * (1 - 0.35 * ((u - 0.5) / 0.5) ** 2);
      const shown = smoothstep(0.1, 0.3, side) * smoothstep(-feather, feather, height - v) * 0.9;
      if (shown > 0) {
        // The upper lip shades the teeth' top; the corners are in the cheeks' shadow.
        const light = (0.8 + 0.18 * smoothstep(0, height * 0.6, v)) * (0.8 + 0.2 * smoothstep(0.06, 0.3, side));
        colour = mix(colour, scale(teeth, light), shown);
      }
      const i = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(image.data[i + c]! * (1 - alpha) + colour[c]! * alpha);
    }
  }
}

/** A curve's `d` at `a`, piecewise linear through its points (sorted by `a`), held beyond its ends. */
function curveAt(curve: readonly Point[], a: number): number {
  if (a <= curve[0]![0]) return curve[0]![1];
  for (let k = 1; k < curve.length; k++) {
    const [a1, d1] = curve[k]!;
    if (a <= a1) {
      const [a0, d0] = curve[k - 1]!;
      return a1 - a0 < 1e-6 ? d1 : d0 + ((d1 - d0) * (a - a0)) / (a1 - a0);
    }
  }
  return curve.at(-1)![1];
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function scale(c: Rgb, k: number): Rgb {
  return [c[0] * k, c[1] * k, c[2] * k];
}
