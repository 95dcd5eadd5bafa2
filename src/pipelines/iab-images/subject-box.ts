import type { PixelBox, RgbaImage } from '../../core/raster.js';

/** A cut-out whose opaque part is smaller than this share of the photo found nothing to place. */
const MIN_SUBJECT_SHARE = 0.005;
/** …and larger than this kept the background too: placing it would paste the photo back. */
const MAX_SUBJECT_SHARE = 0.9;
/** Stray specks at the edges of a mask (hair, dust, noise) do not widen the box: this share is trimmed from each side. */
const TRIM_SHARE = 0.005;

/**
 * The box of what a cut-out kept (alpha ≥ 128), with a sliver of stray pixels trimmed from each
 * side; null when the cut-out kept almost nothing or almost everything.
 */
export function subjectBoxOf(cutout: RgbaImage): PixelBox | null {
  const { width, height, data } = cutout;
  const cols = new Float64Array(width);
  const rows = new Float64Array(height);
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! >= 128) {
        cols[x]!++;
        rows[y]!++;
        total++;
      }
    }
  }
  const share = total / (width * height);
  if (share < MIN_SUBJECT_SHARE || share > MAX_SUBJECT_SHARE) return null;
  const [x0, x1] = trimmedSpan(cols, total);
  const [y0, y1] = trimmedSpan(rows, total);
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function trimmedSpan(counts: Float64Array, total: number): [number, number] {
  const cut = total * TRIM_SHARE;
  let lo = 0,
    seen = 0;
  while (lo < counts.length - 1 && seen + counts[lo]! <= cut) seen += counts[lo++]!;
  let hi = counts.length - 1;
  seen = 0;
  while (hi > lo && seen + counts[hi]! <= cut) seen += counts[hi--]!;
  return [lo, hi];
}
