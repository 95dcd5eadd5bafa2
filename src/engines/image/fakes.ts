import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { NothingToCutOut } from '../../core/errors.js';
import type { CutoutEngine, PersonSegmenter, SmartCropper } from './port.js';

/**
 * In-memory fakes of the image ports for unit tests: cheap, deterministic, real enough to measure.
 * The cut-out keys out the colour of the photo's border; the segmenter marks a centred ellipse;
 * the cropper centres the crop on what must be kept.
 */
export const fakeCutout: CutoutEngine = {
  name: 'fake-border-colour',
  async cutOut(photo) {
    const { width, height, data } = photo;
    let r = 0,
      g = 0,
      b = 0,
      n = 0;
    for (let x = 0; x < width; x++)
      for (const y of [0, height - 1]) {
        const i = (y * width + x) * 4;
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
        n++;
      }
    r /= n;
    g /= n;
    b /= n;
    const out = new Uint8Array(data);
    let kept = 0;
    for (let i = 0; i < width * height; i++) {
      const d = Math.abs(data[i * 4]! - r) + Math.abs(data[i * 4 + 1]! - g) + Math.abs(data[i * 4 + 2]! - b);
      const alpha = d > 60 ? 255 : 0;
      out[i * 4 + 3] = alpha;
      if (alpha) kept++;
    }
    if (kept < width * height * 0.01) throw new NothingToCutOut();
    return { width, height, data: out };
  },
};

export const fakeSegmenter: PersonSegmenter = {
  name: 'fake-ellipse',
  async segment(photo) {
    const mask = new Uint8Array(photo.width * photo.height);
    const cx = photo.width / 2,
      cy = photo.height * 0.55,
      rx = photo.width * 0.3,
      ry = photo.height * 0.45;
    for (let y = 0; y < photo.height; y++)
      for (let x = 0; x < photo.width; x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) mask[y * photo.width + x] = 255;
      }
    return mask;
  },
};

export const fakeCropper: SmartCropper = {
  async crop(photo, size, opts) {
    const scale = Math.min(photo.width / size.width, photo.height / size.height);
    const width = Math.round(size.width * scale),
      height = Math.round(size.height * scale);
    const keep = opts?.keep?.[0];
    const cx = keep ? keep.x + keep.width / 2 : photo.width / 2;
    const cy = keep ? keep.y + keep.height / 2 : photo.height / 2;
    const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
    const box: PixelBox = { x: clamp(cx - width / 2, photo.width - width), y: clamp(cy - height / 2, photo.height - height), width, height };
    return box;
  },
};

export type { RgbaImage };
