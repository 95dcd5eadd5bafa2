import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { innerLipGap } from './close-mouth.js';

export type Rgb = readonly [number, number, number];

/** The colours an opened mouth is painted in: read from the person's own open mouth when the footage shows one. */
export interface FootageMouthColours {
  /** The lips' colour (the edge of the inside takes it, in shadow). */
  lips: Rgb;
  /** The back of the mouth. */
  cavity: Rgb;
  /** The upper teeth as this footage's light and camera show them. */
  teeth: Rgb;
}

/** Below this inner-lip gap (output pixels) the inside seen is too thin to read colours from. */
const MIN_OPEN_GAP_PX = 4;

/** The frames where the mouth is open widest, widest first (the colours are read there). */
export function widestOpenFrames(landmarks: readonly (readonly Point[])[], count: number): number[] {
  return landmarks
    .map((l, i) => ({ i, gap: innerLipGap(l) }))
    .sort((a, b) => b.gap - a.gap)
    .slice(0, count)
    .map((f) => f.i);
}

/**
 * The mouth's colours from frames with the person's mouth open (see `widestOpenFrames`): their
 * lips are the ring between the outer and inner lip landmarks; their teeth the bright, pale pixels
 * between the inner lips (paler than the lips: the landmark net's inner lips often take in some
 * lip); the back of their mouth the darkest third there. Where no teeth are seen, a warm pale
 * tone in the lips' light stands in.
 */
export function footageMouthColours(frames: readonly { image: RgbaImage; points: readonly Point[] }[]): FootageMouthColours {
  const lipPixels = frames.flatMap(({ image, points }) => pixelsIn(image, points.slice(48, 60)).filter((p) => !insidePolygon(p.at, points.slice(60, 68))));
  const lips = meanOf(lipPixels);
  const open = frames.filter(({ points }) => innerLipGap(points) >= MIN_OPEN_GAP_PX);
  const inside = open.flatMap(({ image, points }) => pixelsIn(image, points.slice(60, 68))).sort((a, b) => luma(a.rgb) - luma(b.rgb));
  const stand = fallback(lips);
  if (inside.length < 12) return stand;
  const cavity = meanOf(inside.slice(0, Math.ceil(inside.length / 3)));
  const pale = inside.filter((p) => luma(p.rgb) > luma(lips) && saturation(p.rgb) < saturation(lips) * 0.6);
  // A handful of pale pixels is a highlight on a lip, not teeth.
  const teeth = pale.length >= Math.max(6, inside.length * 0.03) ? meanOf(pale) : stand.teeth;
  return { lips, cavity, teeth };
}

function saturation([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  return max <= 0 ? 0 : (max - Math.min(r, g, b)) / max;
}

function fallback(lips: Rgb): FootageMouthColours {
  const l = luma(lips);
  // Ivory in the lips' light: a mouth's teeth are never whiter than the light on the face.
  const k = Math.min(1, (l + 60) / 230);
  return { lips, cavity: [lips[0] * 0.12 + 4, lips[1] * 0.09 + 3, lips[2] * 0.1 + 3], teeth: [236 * k, 222 * k, 204 * k] };
}

function luma([r, g, b]: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function meanOf(pixels: readonly { rgb: Rgb }[]): Rgb {
  if (pixels.length === 0) return [150, 90, 85];
  const sum = [0, 0, 0];
  for (const { rgb } of pixels) for (let c = 0; c < 3; c++) sum[c]! += rgb[c]!;
  return [sum[0]! / pixels.length, sum[1]! / pixels.length, sum[2]! / pixels.length];
}

function pixelsIn(image: RgbaImage, polygon: readonly Point[]): { at: Point; rgb: Rgb }[] {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const out: { at: Point; rgb: Rgb }[] = [];
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(image.height - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(image.width - 1, Math.ceil(Math.max(...xs))); x++) {
      const at: Point = [x + 0.5, y + 0.5];
      if (!insidePolygon(at, polygon)) continue;
      const i = (y * image.width + x) * 4;
      out.push({ at, rgb: [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!] });
    }
  }
  return out;
}

/** Even-odd rule. */
export function insidePolygon([x, y]: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
