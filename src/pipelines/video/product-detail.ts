import type { PixelBox, RgbaImage } from '../../core/raster.js';

/**
 * The part of a product a push-in ends on. A scene whose words name a part goes there (the lid is
 * at the top of a bottle, the sole at the bottom of a shoe, the label in the middle); any other
 * goes to the most textured part of the product: where its edges and print are, not a plain side.
 */
export type DetailTopic = 'top' | 'bottom' | 'label';

const TOPIC_WORDS: [DetailTopic, RegExp][] = [
  ['top', /^(lids?|caps?|tops?|spouts?|straws?|nozzles?|pumps?|droppers?|corks?|stoppers?|loops?|mouth|opening|chug|sip|trigger|handles?)$/],
  ['bottom', /^(base|bases|bottom|soles?|outsoles?|feet|foot|wheels?|stand|non-slip)$/],
  ['label', /^(labels?|ingredients?|formula|logo|print|printed|badge|certified|organic|vitamins?|serum|dial|screen|display)$/],
];

/** The part named by a scene's words, the first named one winning; null when none is named. */
export function detailTopicOf(words: readonly string[]): DetailTopic | null {
  for (const raw of words) {
    const w = raw.toLowerCase().replace(/[^a-z-]/g, '');
    for (const [topic, re] of TOPIC_WORDS) if (re.test(w)) return topic;
  }
  return null;
}

/**
 * The detail's box in the photo, inside the product's box `box`. With a cut-out (`cutout`, the same
 * size as `photo`), bands are trimmed to where the product is, so a narrow lid gives a narrow box.
 */
export function detailBox(photo: RgbaImage, cutout: RgbaImage | null, box: PixelBox, topic: DetailTopic | null): PixelBox {
  if (topic === 'top') return trimmed(cutout, { x: box.x, y: box.y, width: box.width, height: box.height * 0.28 }, box);
  if (topic === 'bottom') return trimmed(cutout, { x: box.x, y: box.y + box.height * 0.75, width: box.width, height: box.height * 0.25 }, box);
  if (topic === 'label') return trimmed(cutout, { x: box.x, y: box.y + box.height * 0.35, width: box.width, height: box.height * 0.4 }, box);
  return mostTextured(photo, cutout, box);
}

/** A band narrowed to the product's columns in it (by the cut-out), never to nothing. */
function trimmed(cutout: RgbaImage | null, band: PixelBox, box: PixelBox): PixelBox {
  if (!cutout) return band;
  const y0 = Math.max(0, Math.floor(band.y));
  const y1 = Math.min(cutout.height, Math.ceil(band.y + band.height));
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = -1;
  for (let y = y0; y < y1; y += 2) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(cutout.width, Math.ceil(box.x + box.width)); x++) {
      if (cutout.data[(y * cutout.width + x) * 4 + 3]! >= 128) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
    }
  }
  if (x1 < x0 || x1 - x0 < box.width * 0.1) return band;
  return { x: x0, y: band.y, width: x1 - x0 + 1, height: band.height };
}

/** Grid cells a side when the product's box is searched for texture. */
const GRID = 48;

/**
 * The window (half the product's width, a third of its height) with the most edge energy: mean
 * luma gradient over the product's pixels, on a coarse grid so it costs little at any photo size.
 */
function mostTextured(photo: RgbaImage, cutout: RgbaImage | null, box: PixelBox): PixelBox {
  const luma = new Float32Array(GRID * GRID);
  const inside = new Uint8Array(GRID * GRID);
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x = Math.min(photo.width - 1, Math.floor(box.x + ((gx + 0.5) * box.width) / GRID));
      const y = Math.min(photo.height - 1, Math.floor(box.y + ((gy + 0.5) * box.height) / GRID));
      const i = (y * photo.width + x) * 4;
      luma[gy * GRID + gx] = 0.299 * photo.data[i]! + 0.587 * photo.data[i + 1]! + 0.114 * photo.data[i + 2]!;
      inside[gy * GRID + gx] = !cutout || cutout.data[(y * cutout.width + x) * 4 + 3]! >= 128 ? 1 : 0;
    }
  }
  const energy = new Float32Array(GRID * GRID);
  for (let gy = 1; gy < GRID - 1; gy++) {
    for (let gx = 1; gx < GRID - 1; gx++) {
      const k = gy * GRID + gx;
      if (!inside[k]) continue;
      energy[k] = Math.abs(luma[k + 1]! - luma[k - 1]!) + Math.abs(luma[k + GRID]! - luma[k - GRID]!);
    }
  }
  const ww = Math.round(GRID * 0.5);
  const wh = Math.round(GRID / 3);
  let best = { score: -1, gx: (GRID - ww) / 2, gy: (GRID - wh) / 2 };
  for (let gy = 0; gy + wh <= GRID; gy += 2) {
    for (let gx = 0; gx + ww <= GRID; gx += 2) {
      let sum = 0;
      let count = 0;
      for (let y = gy; y < gy + wh; y++)
        for (let x = gx; x < gx + ww; x++) {
          sum += energy[y * GRID + x]!;
          count += inside[y * GRID + x]!;
        }
      // A window mostly off the product (beside a narrow neck) is not a detail of it.
      if (count < ww * wh * 0.5) continue;
      const score = sum / (ww * wh);
      // Ties (a plain product) go to the window nearest the upper middle, where products carry their faces.
      const bias = -0.001 * (Math.abs(gx + ww / 2 - GRID / 2) + Math.abs(gy + wh / 2 - GRID * 0.4));
      if (score + bias > best.score) best = { score: score + bias, gx, gy };
    }
  }
  return {
    x: box.x + (best.gx * box.width) / GRID,
    y: box.y + (best.gy * box.height) / GRID,
    width: (ww * box.width) / GRID,
    height: (wh * box.height) / GRID,
  };
}
