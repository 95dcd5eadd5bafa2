import sharp from 'sharp';
import { TaskFailure } from '../../core/errors.js';
import type { FaceImageInput } from './port.js';

/** Packed RGB, what the detector's input tensor is made from. */
export interface RgbPixels {
  width: number;
  height: number;
  data: Uint8Array;
  /** Multiply coordinates found on these pixels by this to get the input's own coordinates. */
  scaleToInput: number;
}

/**
 * Larger pictures are shrunk to this longest side before detection: the detectors work on
 * 512 px or less anyway, and a 6000 px photo would cost memory for nothing.
 */
export const MAX_DETECTION_SIDE_PX = 2048;

export async function decodeForDetection(input: FaceImageInput): Promise<RgbPixels> {
  if (typeof input !== 'string') {
    if (input.data.length !== input.width * input.height * 4) {
      throw new Error(`expected ${input.width}x${input.height} RGBA pixels (${input.width * input.height * 4} bytes), got ${input.data.length}`);
    }
    const longest = Math.max(input.width, input.height);
    if (longest <= MAX_DETECTION_SIDE_PX) return { width: input.width, height: input.height, data: rgbaToRgb(input.data), scaleToInput: 1 };
    return shrink(sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } }), longest);
  }
  // rotate() with no angle applies the EXIF orientation, so coordinates match what people see.
  const image = sharp(input, { failOn: 'error' }).rotate();
  const meta = await sharp(input)
    .metadata()
    .catch((err: unknown) => {
      // Not a picture (or a damaged one): the person who sent it can act on that, so say it.
      throw new TaskFailure(`could not read the picture: ${err instanceof Error ? err.message : String(err)}`);
    });
  const oriented = (meta.orientation ?? 1) >= 5 ? { w: meta.height ?? 0, h: meta.width ?? 0 } : { w: meta.width ?? 0, h: meta.height ?? 0 };
  const longest = Math.max(oriented.w, oriented.h);
  if (longest > MAX_DETECTION_SIDE_PX) return shrink(image, longest);
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, scaleToInput: 1 };
}

async function shrink(image: sharp.Sharp, longest: number): Promise<RgbPixels> {
  const { data, info } = await image
    .resize({ width: MAX_DETECTION_SIDE_PX, height: MAX_DETECTION_SIDE_PX, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, scaleToInput: longest / Math.max(info.width, info.height) };
}

export function rgbaToRgb(rgba: Uint8Array): Uint8Array {
  const pixels = rgba.length / 4;
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return rgb;
}
