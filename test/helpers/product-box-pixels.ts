import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The "nothing over the product" measure on real pixels, shared by every group's test: a product
 * picture with a coloured marker in each corner (so a cut or covered corner is missed), overlays
 * drawn in colours no marker is near, and a count of overlay pixels inside the markers' box.
 */
const exec = promisify(execFile);

export type Rgb = [number, number, number];
export const MARKERS: Record<'red' | 'blue' | 'magenta' | 'cyan', Rgb> = {
  red: [235, 20, 20],
  blue: [20, 40, 235],
  magenta: [235, 20, 235],
  cyan: [20, 225, 230],
};
/** The product's body between the markers. */
export const PRODUCT_GREEN: Rgb = [0x30, 0xa0, 0x40];
/** Overlay colours far from every marker and from the product's green. */
export const ORANGE: Rgb = [255, 128, 0];
export const YELLOW: Rgb = [250, 230, 0];
export const VIOLET: Rgb = [128, 0, 255];

export const hex = (c: readonly number[]) => `0x${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
export const cssHex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A square product shot: green with a marker in each corner (12 % of its side). */
export async function markedProduct(path: string, side = 600): Promise<string> {
  const m = Math.round(side * 0.12);
  const corners = [
    ['red', 0, 0],
    ['blue', side - m, 0],
    ['magenta', 0, side - m],
    ['cyan', side - m, side - m],
  ] as const;
  const draw = corners.map(([c, x, y]) => `drawbox=x=${x}:y=${y}:w=${m}:h=${m}:color=${hex(MARKERS[c])}:t=fill`).join(',');
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${hex(PRODUCT_GREEN)}:s=${side}x${side},${draw}`, '-frames:v', '1', path]);
  return path;
}

/** A studio photo: the marked product (`side` px) on a plain light backdrop of `w`×`h`, at (x, y); the cut-out finds its box. */
export async function productOnBackdrop(path: string, opts: { w?: number; h?: number; side?: number; x?: number; y?: number } = {}): Promise<string> {
  const { w = 400, h = 400, side = 160, x = 120, y = 90 } = opts;
  const inner = await markedProduct(`${path}.inner.png`, side);
  await exec('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0xE6E9EE:s=${w}x${h}`,
    '-i',
    inner,
    '-filter_complex',
    `overlay=${x}:${y}`,
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

export interface Frame {
  width: number;
  height: number;
  data: Buffer | Uint8Array;
}

export interface ProductBoxMeasure {
  /** Pixels near each marker colour. */
  markers: Record<string, number>;
  /** The markers' bounds (pixels; their solid parts, so a marker's 1-px rim is outside), or null when no marker shows. */
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Pixels near each overlay colour, in the whole frame and inside the product's box (less 2 px of colour bleed). */
  overlay: Record<string, { frame: number; inside: number }>;
  /** Share of the frame the product's box takes. */
  share: number;
  /**
   * Pixels in the product's green body that are neither green nor a marker: whatever is laid over
   * the product, in any colour (the corners, where colours blend at the markers' edges, are left out).
   */
  foreign: number;
}

/** Measures one RGB frame: where the product is (its markers) and how many overlay pixels lie over it. */
export function measureProductBox(frame: Frame, overlays: Record<string, Rgb>, tolerance = 60): ProductBoxMeasure {
  const { width, height, data } = frame;
  const channels = data.length / (width * height);
  const near = (i: number, c: Rgb, within = tolerance) =>
    Math.hypot(data[i * channels]! - c[0], data[i * channels + 1]! - c[1], data[i * channels + 2]! - c[2]) < within;
  // Markers are matched closer than overlays: a brand red background is near the red marker.
  const nearMarker = (i: number, c: Rgb) => near(i, c, Math.min(tolerance, 45));
  const markers: Record<string, number> = Object.fromEntries(Object.keys(MARKERS).map((k) => [k, 0]));
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  // A marker pixel is one whose 3×3 neighbourhood is all that colour: the edges of drawn letters
  // pass through marker-like colours (orange over a dark outline is briefly red), a marker's square does not.
  const solid = (x: number, y: number, c: Rgb) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height || !nearMarker(yy * width + xx, c)) return false;
      }
    return true;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (const [name, c] of Object.entries(MARKERS))
        if (nearMarker(y * width + x, c) && solid(x, y, c)) {
          markers[name]! += 1;
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
  const box = x1 >= 0 ? { x0, y0, x1, y1 } : null;
  const overlay: ProductBoxMeasure['overlay'] = {};
  for (const [name, c] of Object.entries(overlays)) {
    let all = 0;
    let inside = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (!near(y * width + x, c)) continue;
        all++;
        if (box && x >= box.x0 + 2 && x <= box.x1 - 2 && y >= box.y0 + 2 && y <= box.y1 - 2) inside++;
      }
    overlay[name] = { frame: all, inside };
  }
  const share = box ? ((box.x1 - box.x0) * (box.y1 - box.y0)) / (width * height) : 0;
  let foreign = 0;
  if (box) {
    const cx = Math.ceil((box.x1 - box.x0) * 0.14) + 3;
    const cy = Math.ceil((box.y1 - box.y0) * 0.14) + 3;
    for (let y = box.y0 + 3; y <= box.y1 - 3; y++)
      for (let x = box.x0 + 3; x <= box.x1 - 3; x++) {
        const inCorner = (x < box.x0 + cx || x > box.x1 - cx) && (y < box.y0 + cy || y > box.y1 - cy);
        if (inCorner) continue;
        const i = y * width + x;
        if (!near(i, PRODUCT_GREEN) && !Object.values(MARKERS).some((c) => near(i, c))) foreign++;
      }
  }
  return { markers, box, overlay, share, foreign };
}

/** One line for a test's report. */
export function describeMeasure(label: string, m: ProductBoxMeasure): string {
  const b = m.box ? `${m.box.x0},${m.box.y0}-${m.box.x1},${m.box.y1} (${(m.share * 100).toFixed(0)} %)` : 'none';
  const o = Object.entries(m.overlay)
    .map(([k, v]) => `${k} ${v.frame} inside ${v.inside}`)
    .join('; ');
  return `${label}: markers ${Object.values(m.markers).join('/')} box ${b}; ${o}; foreign in the box ${m.foreign}`;
}
