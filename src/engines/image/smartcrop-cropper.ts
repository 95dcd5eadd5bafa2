import smartcropModule from 'smartcrop';
import sharp from 'sharp';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import type { SmartCropper } from './port.js';

/**
 * The real `SmartCropper`: smartcrop (MIT) scores every window of the asked shape by detail, skin
 * and saturation, with the `keep` boxes (faces, the product) boosted so they weigh most; then the
 * chosen window is slid, never shrunk, so the boxes that can fit together are inside it. The
 * window is always the largest of that shape the photo holds (less upscaling later).
 *
 * smartcrop works on canvases in a browser; here a small adapter hands it RGBA in memory and
 * resamples with sharp (`smartcrop-sharp` needs sharp 0.32 and does not install offline).
 */
export function createSmartcropCropper(): SmartCropper {
  return {
    async crop(photo, size, opts = {}) {
      const signal = opts.signal;
      signal?.throwIfAborted();
      const keep = (opts.keep ?? []).filter((b) => b.width > 0 && b.height > 0);
      const result = await smartcrop.crop(photo, {
        width: size.width,
        height: size.height,
        // Earlier boxes matter more (faces before the product): their weight falls off gently.
        boost: keep.map((b, i) => ({ ...b, weight: Math.max(0.4, 1 - i * 0.1) })),
        ruleOfThirds: true,
        imageOperations: rgbaOperations,
      });
      signal?.throwIfAborted();
      const window = largestWindow(photo, size);
      const top = result.topCrop;
      const chosen: PixelBox = { ...window, x: top.x + (top.width - window.width) / 2, y: top.y + (top.height - window.height) / 2 };
      return slideToKeep(chosen, photo, keep);
    },
  };
}

/** The largest box of the asked shape inside the photo. */
export function largestWindow(photo: { width: number; height: number }, size: { width: number; height: number }): PixelBox {
  const scale = Math.min(photo.width / size.width, photo.height / size.height);
  const width = Math.min(photo.width, Math.max(1, Math.round(size.width * scale)));
  const height = Math.min(photo.height, Math.max(1, Math.round(size.height * scale)));
  return { x: Math.round((photo.width - width) / 2), y: Math.round((photo.height - height) / 2), width, height };
}

/** What is kept of a box that does not fit whole: its middle, this share of each side. */
const CORE_SHARE = 0.3;
/** A box whole counts 1 (times its weight), its core alone this much. */
const CORE_CREDIT = 0.6;

/**
 * Moves the window (same size, inside the photo) to hold the most of the kept boxes: each box
 * whole, or else its core (a face's middle in a thin banner), earlier boxes weighing a little
 * more; among equally good places the one nearest the window as given (smartcrop's choice).
 * A best place has a box edge on a window edge (or is the given one), so only those are tried.
 */
export function slideToKeep(window: PixelBox, photo: { width: number; height: number }, keep: PixelBox[]): PixelBox {
  const clampX = (x: number) => Math.round(Math.max(0, Math.min(photo.width - window.width, x)));
  const clampY = (y: number) => Math.round(Math.max(0, Math.min(photo.height - window.height, y)));
  const parts = keep.map((box, i) => ({ box, core: coreOf(box), weight: 1 - Math.min(0.5, i * 0.05) }));
  const xs = new Set([clampX(window.x)]);
  const ys = new Set([clampY(window.y)]);
  for (const { box, core } of parts) {
    for (const b of [box, core]) {
      xs.add(clampX(b.x)).add(clampX(b.x + b.width - window.width));
      ys.add(clampY(b.y)).add(clampY(b.y + b.height - window.height));
    }
  }
  let best = { x: clampX(window.x), y: clampY(window.y), score: -1, shift: Infinity };
  for (const x of xs) {
    for (const y of ys) {
      const w: PixelBox = { x, y, width: window.width, height: window.height };
      let score = 0;
      for (const p of parts) score += contains(w, p.box) ? p.weight : contains(w, p.core) ? p.weight * CORE_CREDIT : 0;
      const shift = Math.hypot(x - window.x, y - window.y);
      if (score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && shift < best.shift)) best = { x, y, score, shift };
    }
  }
  return { x: best.x, y: best.y, width: window.width, height: window.height };
}

function contains(w: PixelBox, b: PixelBox): boolean {
  return b.x >= w.x - 0.5 && b.y >= w.y - 0.5 && b.x + b.width <= w.x + w.width + 0.5 && b.y + b.height <= w.y + w.height + 0.5;
}

function coreOf(b: PixelBox): PixelBox {
  return { x: b.x + (b.width * (1 - CORE_SHARE)) / 2, y: b.y + (b.height * (1 - CORE_SHARE)) / 2, width: b.width * CORE_SHARE, height: b.height * CORE_SHARE };
}

/** smartcrop's image operations over `RgbaImage` (its "image" is the RGBA itself). */
const rgbaOperations = {
  open: async (image: RgbaImage) => image,
  resample: async (image: RgbaImage, width: number, height: number): Promise<RgbaImage> => {
    const w = Math.max(1, Math.floor(width)),
      h = Math.max(1, Math.floor(height));
    const data = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
      raw: { width: image.width, height: image.height, channels: 4 },
    })
      .resize(w, h, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    return { width: w, height: h, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  },
  getData: async (image: RgbaImage) => new smartcropImgData(image.width, image.height, image.data),
};

/**
 * What this adapter uses of smartcrop. Its bundled types describe the browser build (canvas input,
 * an ES default export) while Node loads `module.exports = smartcrop` with `imageOperations` and
 * `ImgData` as well.
 */
interface SmartcropApi {
  crop(
    image: RgbaImage,
    options: {
      width: number;
      height: number;
      boost: (PixelBox & { weight: number })[];
      ruleOfThirds: boolean;
      imageOperations: typeof rgbaOperations;
    },
  ): Promise<{ topCrop: PixelBox }>;
  ImgData: new (width: number, height: number, data: Uint8Array) => unknown;
}

const smartcrop = smartcropModule as unknown as SmartcropApi;
const smartcropImgData = smartcrop.ImgData;
