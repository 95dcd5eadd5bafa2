import type { RgbaImage } from '../../../core/raster.js';
import { createRng } from '../../../core/random.js';
import { oklabToRgb, rgbToHex, rgbToOklab } from '../backgrounds/colour.js';

type Lab = [number, number, number];

/** Clusters closer than this (Oklab distance) are one colour to the eye. */
const SAME_COLOUR = 0.045;
const MAX_SAMPLES = 6000;

/**
 * The product's own colours: k-means in Oklab over the cut-out's opaque pixels, clusters that look
 * alike merged, most prominent (most pixels) first, as `#rrggbb`. Empty when nothing is opaque.
 */
export function productPalette(cutout: RgbaImage, maxColours = 5): string[] {
  const samples = opaqueSamples(cutout);
  if (samples.length === 0) return [];
  const k = Math.min(maxColours + 2, samples.length);
  let centres = seedCentres(samples, k);
  let counts = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 12; iter++) {
    const sums = centres.map(() => [0, 0, 0] as Lab);
    counts = new Array<number>(k).fill(0);
    for (const p of samples) {
      const j = nearest(centres, p);
      sums[j]![0] += p[0];
      sums[j]![1] += p[1];
      sums[j]![2] += p[2];
      counts[j]!++;
    }
    centres = centres.map((c, j) => (counts[j] ? ([sums[j]![0] / counts[j]!, sums[j]![1] / counts[j]!, sums[j]![2] / counts[j]!] as Lab) : c));
  }
  const clusters = centres.map((centre, j) => ({ centre, count: counts[j]! })).filter((c) => c.count > 0);
  clusters.sort((a, b) => b.count - a.count);
  const merged: { centre: Lab; count: number }[] = [];
  for (const c of clusters) {
    const twin = merged.find((m) => dist(m.centre, c.centre) < SAME_COLOUR);
    if (twin) {
      const t = c.count / (twin.count + c.count);
      twin.centre = [0, 1, 2].map((i) => twin.centre[i]! + (c.centre[i]! - twin.centre[i]!) * t) as Lab;
      twin.count += c.count;
    } else merged.push({ ...c });
  }
  merged.sort((a, b) => b.count - a.count);
  // A speck (under 2 % of the product) is noise or edge fringe, not one of its colours.
  const total = samples.length;
  return merged
    .filter((m, i) => i === 0 || m.count / total >= 0.02)
    .slice(0, maxColours)
    .map((m) => rgbToHex(oklabToRgb(m.centre)));
}

function opaqueSamples(img: RgbaImage): Lab[] {
  const { width, height, data } = img;
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= 200) opaque++;
  const step = Math.max(1, Math.floor(opaque / MAX_SAMPLES));
  const out: Lab[] = [];
  const cache = new Map<number, Lab>();
  let seen = 0;
  for (let i = 0; i < width * height; i++) {
    if (data[i * 4 + 3]! < 200) continue;
    if (seen++ % step !== 0) continue;
    const key = (data[i * 4]! << 16) | (data[i * 4 + 1]! << 8) | data[i * 4 + 2]!;
    let lab = cache.get(key);
    if (!lab) {
      lab = rgbToOklab([data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!]);
      cache.set(key, lab);
    }
    out.push(lab);
  }
  return out;
}

/** k-means++ with a fixed seed: the same cut-out always gives the same palette. */
function seedCentres(samples: Lab[], k: number): Lab[] {
  const rng = createRng(0x9a1e77e);
  const centres: Lab[] = [samples[Math.floor(rng.next() * samples.length)]!];
  const d2 = samples.map((p) => dist(p, centres[0]!) ** 2);
  while (centres.length < k) {
    const total = d2.reduce((a, b) => a + b, 0);
    if (total === 0) break;
    let r = rng.next() * total;
    let idx = 0;
    for (; idx < d2.length - 1; idx++) {
      r -= d2[idx]!;
      if (r <= 0) break;
    }
    const c = samples[idx]!;
    centres.push(c);
    for (let i = 0; i < samples.length; i++) d2[i] = Math.min(d2[i]!, dist(samples[i]!, c) ** 2);
  }
  return centres;
}

function nearest(centres: Lab[], p: Lab): number {
  let best = 0,
    bestD = Infinity;
  for (let j = 0; j < centres.length; j++) {
    const d = dist(centres[j]!, p);
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return best;
}

function dist(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
