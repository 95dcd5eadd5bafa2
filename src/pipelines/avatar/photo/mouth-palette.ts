import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { insidePolygon, mouthFrame, type MouthFrame } from './mouth-geometry.js';

export type Rgb = readonly [number, number, number];

/**
 * The photo's own teeth, when its mouth shows them: the rest picture and its mouth frame, and
 * which share of the lips' gap (from the upper lip down) the upper teeth fill, and where the lower
 * ones begin (null: none show).
 */
export interface PhotoTeeth {
  image: RgbaImage;
  frame: MouthFrame;
  upperEnd: number;
  lowerStart: number | null;
}

/** The colours an opened mouth is painted with, all taken from the photo so they sit in its light. */
export interface MouthPalette {
  lips: Rgb;
  teeth: Rgb;
  /** Whether the teeth are the photo's own or drawn in its light. */
  teethSource: 'photo' | 'drawn';
  photoTeeth: PhotoTeeth | null;
}

const luma = (c: Rgb): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const saturation = (c: Rgb): number => {
  const max = Math.max(c[0], c[1], c[2]);
  return max <= 0 ? 0 : (max - Math.min(c[0], c[1], c[2])) / max;
};

export function pixel(image: RgbaImage, x: number, y: number): Rgb {
  const px = Math.min(image.width - 1, Math.max(0, Math.round(x)));
  const py = Math.min(image.height - 1, Math.max(0, Math.round(y)));
  const i = (py * image.width + px) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

function mean(colours: readonly Rgb[]): Rgb {
  const sum = [0, 0, 0];
  for (const c of colours) for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
  const n = Math.max(1, colours.length);
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** Enamel is brighter and greyer than the lips around it, whatever the light. */
export function looksLikeTeeth(colour: Rgb, lips: Rgb): boolean {
  return luma(colour) > luma(lips) * 1.08 + 8 && saturation(colour) < Math.max(0.2, saturation(lips) * 0.8);
}

/** The lips' colour: the ring between the outer and inner lip lines, its highlights and creases left out. */
export function lipColour(image: RgbaImage, points: readonly Point[]): Rgb {
  return middleMean(pixelsIn(image, points.slice(48, 60), points.slice(60, 68)));
}

/** Pixels of `image` inside `poly` and outside `hole`. */
function pixelsIn(image: RgbaImage, poly: readonly Point[], hole: readonly Point[] = []): Rgb[] {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const out: Rgb[] = [];
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(image.height - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(image.width - 1, Math.ceil(Math.max(...xs))); x++) {
      if (insidePolygon(poly, x + 0.5, y + 0.5) && !(hole.length > 0 && insidePolygon(hole, x + 0.5, y + 0.5))) out.push(pixel(image, x, y));
    }
  }
  return out;
}

/** The middle of a set of colours by brightness (the lips' highlights and creases left out). */
function middleMean(colours: Rgb[], from = 0.2, to = 0.8): Rgb {
  const sorted = [...colours].sort((a, b) => luma(a) - luma(b));
  return mean(sorted.slice(Math.floor(sorted.length * from), Math.max(Math.floor(sorted.length * from) + 1, Math.ceil(sorted.length * to))));
}

function skinColour(image: RgbaImage, points: readonly Point[]): Rgb {
  const nose = points[30]!;
  const samples: Rgb[] = [];
  for (const i of [29, 31, 35, 1, 15]) {
    const p = points[i]!;
    const cx = (p[0] + nose[0]) / 2;
    const cy = (p[1] + nose[1]) / 2;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) samples.push(pixel(image, cx + dx, cy + dy));
  }
  return middleMean(samples);
}

/**
 * The whites of the eyes: the brightest, least coloured pixels inside the lids. They are the one
 * near-neutral surface on a face, so they show how white teeth would look in this photo's light.
 */
function eyeWhites(image: RgbaImage, points: readonly Point[]): Rgb | null {
  const whites: Rgb[] = [];
  for (const eye of [
    [36, 37, 38, 39, 40, 41],
    [42, 43, 44, 45, 46, 47],
  ]) {
    const inside = pixelsIn(
      image,
      eye.map((i) => points[i]!),
    ).sort((a, b) => luma(b) - luma(a));
    whites.push(...inside.slice(0, Math.ceil(inside.length * 0.3)).filter((c) => saturation(c) < 0.35));
  }
  return whites.length >= 6 ? mean(whites) : null;
}

/**
 * Does the photo's mouth show teeth, and which part of its opening do they fill? The opening's
 * middle columns are read row by row (as shares of the gap between the inner lips): teeth are
 * rows much brighter than the lips and little coloured. The upper teeth are the first run of such
 * rows under the upper lip, the lower ones the last run above the lower lip.
 */
function findPhotoTeeth(image: RgbaImage, points: readonly Point[], lips: Rgb): { teeth: PhotoTeeth; colour: Rgb } | null {
  const frame = mouthFrame(points);
  const gapAtMiddle = frame.lowerAt(0.5) - frame.upperAt(0.5);
  if (gapAtMiddle < 3 || gapAtMiddle < frame.innerWidth * 0.05) return null;
  const BINS = 10;
  const rows: Rgb[][] = Array.from({ length: BINS }, () => []);
  for (let u = 0.3; u <= 0.7; u += 0.5 / frame.innerWidth) {
    const top = frame.upperAt(u);
    const gap = frame.lowerAt(u) - top;
    for (let d = top + 0.5; d < top + gap; d += 0.5) {
      const [x, y] = frame.toPicture(u, d);
      rows[Math.min(BINS - 1, Math.floor(((d - top) / gap) * BINS))]!.push(pixel(image, x, y));
    }
  }
  const toothLike = rows.map((r) => r.length > 0 && looksLikeTeeth(mean(r), lips));
  // Up to three rows under the upper lip may be its shadow or the gums.
  const start = toothLike.findIndex((t) => t);
  if (start < 0 || start > 3) return null;
  let end = start;
  while (end < BINS && toothLike[end]) end++;
  if (end - start < 3) return null;
  let upperEnd = end / BINS;
  let lowerStart: number | null = null;
  if (end >= BINS - 1) {
    // Teeth from lip to lip: upper and lower teeth meet; the upper incisors are the longer.
    upperEnd = start / BINS + (1 - start / BINS) * 0.6;
    lowerStart = upperEnd;
  } else {
    let i = BINS - 1;
    if (!toothLike[i] && toothLike[i - 1]) i--;
    while (i >= end && toothLike[i]) lowerStart = i-- / BINS;
  }
  const teethRows = rows.slice(0, Math.round(upperEnd * BINS)).flat();
  return { teeth: { image, frame, upperEnd, lowerStart }, colour: middleMean(teethRows, 0.4, 0.95) };
}

/**
 * The mouth's colours for a face at rest (`points`: its 68 landmarks on `image`). `photoTeeth:
 * false` draws the teeth even if the picture's mouth shows some (a picture already warped).
 */
export function mouthPalette(image: RgbaImage, points: readonly Point[], opts: { photoTeeth?: boolean } = {}): MouthPalette {
  const skin = skinColour(image, points);
  const lips = lipColour(image, points);
  const found = opts.photoTeeth === false ? null : findPhotoTeeth(image, points, lips);
  if (found) return { lips, teeth: found.colour, teethSource: 'photo', photoTeeth: found.teeth };
  return { lips, teeth: drawnTeeth(skin, eyeWhites(image, points)), teethSource: 'drawn', photoTeeth: null };
}

/**
 * Teeth drawn in the photo's light: a little brighter than the skin beside the nose (enamel
 * reflects more; on portraits whose teeth show, 1.11 and 1.15 times the skin), with the skin's
 * warmth much reduced, and where the whites of the eyes can be read, half their tint (the one
 * near-neutral surface on a face shows the light's colour; the eyes are too shaded by the lids to
 * give the brightness).
 */
function drawnTeeth(skin: Rgb, whites: Rgb | null): Rgb {
  const target = Math.min(232, luma(skin) * 1.1);
  const tint = (c: Rgb, keep: number): Rgb => [(c[0] - luma(c)) * keep, (c[1] - luma(c)) * keep, (c[2] - luma(c)) * keep];
  const fromSkin = tint(skin, 0.4);
  const t = whites ? mixTint(fromSkin, tint(whites, 1)) : fromSkin;
  return [Math.min(255, target + t[0]), Math.min(255, target + t[1]), Math.min(255, target + t[2])];
}

function mixTint(a: Rgb, b: Rgb): Rgb {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
}
