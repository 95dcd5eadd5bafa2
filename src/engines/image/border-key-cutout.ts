/**
 * The built-in, permissive cut-out: for photos on a plain or studio backdrop only. It learns the
 * backdrop from the photo's border — a smooth colour surface (quadratic in x and y, so gradients
 * and vignettes fit) fitted robustly, ignoring border pixels the object covers — and its noise.
 * Each pixel's alpha follows its colour distance from that surface (soft, so edges anti-alias);
 * the largest connected object (and any nearly as large) is kept, specks are dropped, small holes
 * inside the object are filled, and the edge is feathered by a pixel.
 *
 * It cannot separate an object from a busy scene: when the border is not plain it says so
 * (`NothingToCutOut` with a reason) rather than returning a bad mask. The ISNet sidecar
 * (imgly-cutout.ts) handles any photo.
 */
import sharp from 'sharp';
import { NothingToCutOut } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import { abortError } from '../ffmpeg/errors.js';
import { applyMask, resizeMask } from './alpha-mask.js';
import type { CutoutEngine } from './port.js';

/** The mask is worked out at most this large, then scaled smoothly to the photo. */
const WORK_MAX_SIDE_PX = 1280;
/** Backdrop noise above this (colour distance) means the border is not a plain backdrop. */
const MAX_BACKDROP_NOISE = 28;
/** Below this share of the photo, no object stands out; above it, nothing is backdrop. */
const MIN_OBJECT_SHARE = 0.005;
const MAX_OBJECT_SHARE = 0.95;
/** Objects at least this fraction of the largest one are kept too (a pair of shoes). */
const KEEP_COMPONENT_FRACTION = 0.25;
/** Enclosed backdrop-coloured regions smaller than this fraction of the object are filled. */
const FILL_HOLE_FRACTION = 0.02;

export function createBorderKeyCutout(): CutoutEngine {
  return {
    name: 'border-key',
    async cutOut(photo, opts) {
      const signal = opts?.signal;
      if (signal?.aborted) throw abortError(signal);
      const scale = Math.min(1, WORK_MAX_SIDE_PX / Math.max(photo.width, photo.height));
      const work = scale < 1 ? await shrink(photo, scale) : photo;
      const alpha = borderKeyAlpha(work);
      if (signal?.aborted) throw abortError(signal);
      const mask = await resizeMask(alpha, work, photo);
      return applyMask(photo, mask);
    },
  };
}

async function shrink(photo: RgbaImage, scale: number): Promise<RgbaImage> {
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  const data = await sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** The soft alpha (0..255 a pixel) of the object standing out from a plain backdrop. */
export function borderKeyAlpha(photo: RgbaImage): Uint8Array {
  const { width, height, data } = photo;
  const n = width * height;
  const backdrop = fitBackdrop(photo);
  if (backdrop.noise > MAX_BACKDROP_NOISE) {
    throw new NothingToCutOut(
      'The border of this photo is not a plain backdrop, so the built-in cut-out cannot tell the object from the background; send a photo on a plain or studio backdrop (or enable the ISNet cut-out engine).',
    );
  }
  // Soft ramp: fully backdrop within the noise, fully object a little beyond it.
  const lo = backdrop.noise * 1.3 + 5;
  const hi = lo + Math.max(14, backdrop.noise * 1.5);
  const soft = new Uint8Array(n);
  let standsOut = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const model = backdrop.at(x, y);
      const d = Math.hypot(data[i * 4]! - model[0], data[i * 4 + 1]! - model[1], data[i * 4 + 2]! - model[2]);
      const t = Math.min(1, Math.max(0, (d - lo) / (hi - lo)));
      const a = Math.round(255 * t * t * (3 - 2 * t) * (data[i * 4 + 3]! / 255));
      soft[i] = a;
      if (a >= 128) standsOut++;
    }
  }
  if (standsOut < n * MIN_OBJECT_SHARE) throw new NothingToCutOut();
  if (standsOut > n * MAX_OBJECT_SHARE) {
    throw new NothingToCutOut(
      'Almost all of this photo differs from its border, so there is no backdrop to remove; send a photo of the product on a plain or contrasting background.',
    );
  }

  const keep = keptObjects(soft, width, height);
  fillSmallHoles(keep, width, height);
  // The soft edge pixels just outside the kept objects belong to them: grow the selection by 2 px.
  const region = dilate(keep, width, height, 2);
  const out = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    out[i] = keep[i] ? 255 : region[i] ? soft[i]! : 0;
    if (out[i]! >= 128) kept++;
  }
  if (kept < n * MIN_OBJECT_SHARE) throw new NothingToCutOut();
  return feather(out, width, height);
}

interface Backdrop {
  at(x: number, y: number): [number, number, number];
  /** The colour distance that 95 % of the backdrop's border pixels stay within. */
  noise: number;
}

/** Least-squares quadratic colour surface over the border band, refitted without outliers. */
function fitBackdrop(photo: RgbaImage): Backdrop {
  const { width, height, data } = photo;
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const samples: number[] = [];
  const step = Math.max(1, Math.round((width + height) / 800));
  for (let y = 0; y < height; y++) {
    if (y === band) y = Math.max(band, height - band);
    for (let x = 0; x < width; x += step) samples.push(y * width + x);
  }
  for (let y = band; y < height - band; y += step) {
    for (let x = 0; x < band; x++) samples.push(y * width + x);
    for (let x = width - band; x < width; x++) samples.push(y * width + x);
  }
  const nx = (x: number) => (2 * x) / Math.max(1, width - 1) - 1;
  const ny = (y: number) => (2 * y) / Math.max(1, height - 1) - 1;
  const terms = (x: number, y: number) => {
    const u = nx(x),
      v = ny(y);
    return [1, u, v, u * v, u * u, v * v];
  };
  let use = samples;
  let coef: number[][] = [];
  let residuals: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    coef = solveLeastSquares(
      use.map((i) => terms(i % width, Math.floor(i / width))),
      use.map((i) => [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!]),
    );
    residuals = samples.map((i) => {
      const t = terms(i % width, Math.floor(i / width));
      let s = 0;
      for (let c = 0; c < 3; c++) s += (data[i * 4 + c]! - dot(coef[c]!, t)) ** 2;
      return Math.sqrt(s);
    });
    // Keep the border pixels near the surface: an object touching the border is not backdrop.
    const sorted = [...residuals].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const cut = Math.max(6, median * 3);
    const inliers = samples.filter((_, k) => residuals[k]! <= cut);
    if (inliers.length < samples.length * 0.4) break;
    use = inliers;
  }
  const inlierSet = new Set(use);
  const inlierResiduals = samples
    .map((s, k) => (inlierSet.has(s) ? residuals[k]! : -1))
    .filter((r) => r >= 0)
    .sort((a, b) => a - b);
  // A border that is mostly object (fewer than half the samples fit) is not a backdrop.
  const plainShare = inlierResiduals.length / samples.length;
  const noise = plainShare < 0.5 ? Infinity : (inlierResiduals[Math.floor(inlierResiduals.length * 0.95)] ?? 0);
  return {
    noise,
    at(x, y) {
      const t = terms(x, y);
      return [dot(coef[0]!, t), dot(coef[1]!, t), dot(coef[2]!, t)];
    },
  };
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
  return s;
}

/** Coefficients per output column (normal equations, Gaussian elimination with a tiny ridge). */
function solveLeastSquares(rows: number[][], targets: number[][]): number[][] {
  const p = rows[0]!.length;
  const outs = targets[0]!.length;
  const ata = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const atb = Array.from({ length: p }, () => new Array<number>(outs).fill(0));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) ata[i]![j]! += row[i]! * row[j]!;
      for (let o = 0; o < outs; o++) atb[i]![o]! += row[i]! * targets[r]![o]!;
    }
  }
  for (let i = 0; i < p; i++) ata[i]![i]! += 1e-6 * rows.length;
  for (let col = 0; col < p; col++) {
    let pivot = col;
    for (let r = col + 1; r < p; r++) if (Math.abs(ata[r]![col]!) > Math.abs(ata[pivot]![col]!)) pivot = r;
    [ata[col], ata[pivot]] = [ata[pivot]!, ata[col]!];
    [atb[col], atb[pivot]] = [atb[pivot]!, atb[col]!];
    for (let r = 0; r < p; r++) {
      if (r === col) continue;
      const f = ata[r]![col]! / ata[col]![col]!;
      for (let k = col; k < p; k++) ata[r]![k]! -= f * ata[col]![k]!;
      for (let o = 0; o < outs; o++) atb[r]![o]! -= f * atb[col]![o]!;
    }
  }
  return Array.from({ length: outs }, (_, o) => Array.from({ length: p }, (_, i) => atb[i]![o]! / ata[i]![i]!));
}

/** Labels 8-connected regions of `on` pixels; returns the label a pixel and each label's size. */
function components(on: (i: number) => boolean, width: number, height: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(width * height).fill(-1);
  const sizes: number[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < width * height; start++) {
    if (labels[start] !== -1 || !on(start)) continue;
    const label = sizes.length;
    let size = 0,
      top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top) {
      const i = stack[--top]!;
      size++;
      const x = i % width,
        y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (labels[j] === -1 && on(j)) {
            labels[j] = label;
            stack[top++] = j;
          }
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/** 1 where a pixel belongs to the largest object or one nearly as large. */
function keptObjects(soft: Uint8Array, width: number, height: number): Uint8Array {
  const { labels, sizes } = components((i) => soft[i]! >= 128, width, height);
  const largest = Math.max(0, ...sizes);
  const keepLabel = sizes.map((s) => s >= largest * KEEP_COMPONENT_FRACTION);
  const keep = new Uint8Array(soft.length);
  for (let i = 0; i < soft.length; i++) if (labels[i]! >= 0 && keepLabel[labels[i]!]) keep[i] = 1;
  return keep;
}

/** Enclosed background pockets (not reaching the border) that are small next to the object become object. */
function fillSmallHoles(keep: Uint8Array, width: number, height: number): void {
  let objectSize = 0;
  for (let i = 0; i < keep.length; i++) objectSize += keep[i]!;
  const { labels, sizes } = components((i) => !keep[i], width, height);
  const touchesBorder = new Uint8Array(sizes.length);
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) if (labels[y * width + x]! >= 0) touchesBorder[labels[y * width + x]!] = 1;
  }
  for (let y = 0; y < height; y++) {
    for (const x of [0, width - 1]) if (labels[y * width + x]! >= 0) touchesBorder[labels[y * width + x]!] = 1;
  }
  for (let i = 0; i < keep.length; i++) {
    const l = labels[i]!;
    if (l >= 0 && !touchesBorder[l] && sizes[l]! < objectSize * FILL_HOLE_FRACTION) keep[i] = 1;
  }
}

function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  // Separable max: rows then columns.
  const rows = maxAlong(mask, width, height, radius, 1, 0);
  return maxAlong(rows, width, height, radius, 0, 1);
}

/** Each pixel set when any pixel within `radius` along one axis (step dx, dy) is set. */
function maxAlong(mask: Uint8Array, width: number, height: number, radius: number, dx: number, dy: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let d = -radius; d <= radius && !m; d++) {
        const xx = x + d * dx;
        const yy = y + d * dy;
        if (xx >= 0 && xx < width && yy >= 0 && yy < height) m = mask[yy * width + xx]!;
      }
      out[y * width + x] = m;
    }
  }
  return out;
}

/** A 3×3 blur of the alpha: edges a pixel soft, interiors and the far backdrop unchanged. */
function feather(alpha: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(alpha.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0,
        c = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          s += alpha[yy * width + xx]!;
          c++;
        }
      }
      out[y * width + x] = Math.round(s / c);
    }
  }
  return out;
}
