import sharp from 'sharp';
import { alphaBox } from '../raster-io.js';
import type { PixelBox, RgbaImage } from '../../../core/raster.js';

/** Alpha above this counts as the subject (soft edges included, so no fringe is left behind). */
const SUBJECT_ALPHA = 8;

/** sharp reads one-channel raw as grey but writes three channels back: one-channel results need `extractChannel(0)`. */
function rawSharp(data: Uint8Array | Buffer, width: number, height: number, channels: 1 | 3 | 4) {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels } });
}

/** The box around every pixel of `alpha` above the threshold, or null when there is none. */
/** The subject's box in a cut-out: pixels above the subject threshold. */
export function subjectBox(image: RgbaImage): PixelBox | null {
  return alphaBox(image, SUBJECT_ALPHA + 1);
}

/**
 * The picture with the subject taken out and its place filled from the surroundings: colours of
 * the background around the hole, spread inwards and blurred (normalised convolution: blur the
 * known pixels and their weights, divide). When the subject moves apart in a parallax shot, this
 * is what shows behind it instead of a ghost of the subject.
 */
export async function fillBehindSubject(picture: RgbaImage, subject: RgbaImage): Promise<RgbaImage> {
  const { width, height } = picture;
  if (subject.width !== width || subject.height !== height) throw new Error("the subject must be the picture's size");
  // Work small: the fill is a soft blur anyway, and a 4K photo must not cost seconds here.
  const scale = Math.min(1, 320 / Math.max(width, height));
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));

  const known = new Uint8Array(width * height);
  for (let i = 0; i < known.length; i++) known[i] = subject.data[i * 4 + 3]! > SUBJECT_ALPHA ? 0 : 255;
  // Grow the hole a little: the subject's soft edge and any halo of the old backdrop go too. (libvips
  // morphology takes black as the foreground, so shrinking the white "known" area is `dilate`.)
  const grow = Math.max(3, Math.round(Math.max(width, height) * 0.012)) | 1;
  const knownEroded = await rawSharp(known, width, height, 1).dilate(grow).extractChannel(0).raw().toBuffer();

  const premultiplied = new Uint8Array(width * height * 3);
  for (let i = 0; i < known.length; i++) {
    const k = knownEroded[i]! / 255;
    premultiplied[i * 3] = picture.data[i * 4]! * k;
    premultiplied[i * 3 + 1] = picture.data[i * 4 + 1]! * k;
    premultiplied[i * 3 + 2] = picture.data[i * 4 + 2]! * k;
  }
  const small = async (data: Uint8Array | Buffer, channels: 1 | 3) => {
    const resized = rawSharp(data, width, height, channels).resize(sw, sh, { kernel: 'linear' });
    return (channels === 1 ? resized.extractChannel(0) : resized).raw().toBuffer();
  };
  const colourSmall = await small(premultiplied, 3);
  const weightSmall = await small(knownEroded, 1);

  // Several radii: near the hole's edge the fill follows the local colours, deep inside it the wider ones.
  const fillSmall = new Float32Array(sw * sh * 3);
  const filled = new Uint8Array(sw * sh);
  for (const sigma of [2, 6, 18, 60]) {
    const c = await rawSharp(colourSmall, sw, sh, 3).blur(sigma).raw().toBuffer();
    const w = await rawSharp(weightSmall, sw, sh, 1).blur(sigma).extractChannel(0).raw().toBuffer();
    for (let i = 0; i < sw * sh; i++) {
      if (filled[i] || w[i]! < 24) continue;
      for (let ch = 0; ch < 3; ch++) fillSmall[i * 3 + ch] = Math.min(255, (c[i * 3 + ch]! * 255) / w[i]!);
      filled[i] = 1;
    }
  }
  const fillBytes = new Uint8Array(sw * sh * 3);
  let mean = [0, 0, 0];
  for (let i = 0; i < sw * sh; i++) for (let ch = 0; ch < 3; ch++) mean[ch]! += colourSmall[i * 3 + ch]!;
  const weightSum = weightSmall.reduce((s, v) => s + v, 0) / 255 || 1;
  mean = mean.map((v) => v / weightSum);
  for (let i = 0; i < sw * sh; i++) {
    for (let ch = 0; ch < 3; ch++) fillBytes[i * 3 + ch] = filled[i] ? fillSmall[i * 3 + ch]! : mean[ch]!;
  }
  const fillFull = await rawSharp(fillBytes, sw, sh, 3).resize(width, height, { kernel: 'cubic' }).blur(1.5).raw().toBuffer();
  const knownSoft = await rawSharp(knownEroded, width, height, 1)
    .blur(Math.max(1, grow / 3))
    .extractChannel(0)
    .raw()
    .toBuffer();

  const out = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const k = Math.min(knownSoft[i]!, knownEroded[i]!) / 255;
    for (let ch = 0; ch < 3; ch++) out[i * 4 + ch] = Math.round(picture.data[i * 4 + ch]! * k + fillFull[i * 3 + ch]! * (1 - k));
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}
