import type { StockOrientation } from './port.js';

export interface Rendition {
  url: string;
  width: number;
  height: number;
}

/** Renditions whose short side is at least this are sharp enough for a 1080-wide frame's b-roll. */
export const MIN_SHORT_SIDE = 720;

export function orientationOf(width: number, height: number): StockOrientation {
  const ratio = width / height;
  if (ratio > 1.1) return 'landscape';
  if (ratio < 0.9) return 'portrait';
  return 'square';
}

/**
 * The rendition to download: of the orientation asked, the smallest whose short side reaches
 * `MIN_SHORT_SIDE` (4K files are tens of megabytes and are scaled down anyway), else the largest
 * there is. null when none has the orientation.
 */
export function pickRendition<R extends Rendition>(renditions: R[], orientation: StockOrientation): R | null {
  const usable = renditions.filter((r) => r.url && r.width > 0 && r.height > 0 && orientationOf(r.width, r.height) === orientation);
  if (usable.length === 0) return null;
  const short = (r: Rendition) => Math.min(r.width, r.height);
  const sharp = usable.filter((r) => short(r) >= MIN_SHORT_SIDE).sort((a, b) => short(a) - short(b));
  if (sharp[0]) return sharp[0];
  return usable.sort((a, b) => short(b) - short(a))[0]!;
}
