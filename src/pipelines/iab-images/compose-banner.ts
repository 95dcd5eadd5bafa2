import sharp from 'sharp';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import type { Size } from './banner-layout.js';

/** Space kept free around the subject, as a share of the banner's short side. */
const MARGIN_SHARE = 0.08;

/**
 * Where the subject goes in a composed banner: scaled (one factor for both axes, so never
 * stretched) to fill the short side less a margin, or less if it is too long for the long side;
 * centred across, and on the first third along the long side (the rest stays free for a message).
 */
export function subjectPlacement(banner: Size, subject: Size): PixelBox {
  const margin = Math.round(Math.min(banner.width, banner.height) * MARGIN_SHARE);
  const scale = Math.min((banner.width - 2 * margin) / subject.width, (banner.height - 2 * margin) / subject.height);
  const width = Math.max(1, Math.round(subject.width * scale));
  const height = Math.max(1, Math.round(subject.height * scale));
  const along = (long: number, size: number) => Math.round(Math.max(margin, Math.min(long - margin - size, long / 3 - size / 2)));
  const across = (short: number, size: number) => Math.round((short - size) / 2);
  return banner.width >= banner.height
    ? { x: along(banner.width, width), y: across(banner.height, height), width, height }
    : { x: across(banner.width, width), y: along(banner.height, height), width, height };
}

/**
 * A banner made of the photo's own colours: the photo with the subject filled in by the
 * background's mean colour, covering the banner and blurred into a soft field; the cut-out
 * subject laid on it at `subjectPlacement`. Returns PNG bytes of exactly the banner's size.
 */
export async function composeBanner(photo: RgbaImage, cutout: RgbaImage, subjectBox: PixelBox, banner: Size): Promise<{ png: Buffer; placed: PixelBox }> {
  const backdrop = await backdropOf(photo, cutout, banner);
  const placed = subjectPlacement(banner, subjectBox);
  const subject = await sharp(rawBuffer(cutout), { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .extract({ left: subjectBox.x, top: subjectBox.y, width: subjectBox.width, height: subjectBox.height })
    .resize(placed.width, placed.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const png = await sharp(backdrop, { raw: { width: banner.width, height: banner.height, channels: 4 } })
    .composite([{ input: subject, raw: { width: placed.width, height: placed.height, channels: 4 }, left: placed.x, top: placed.y }])
    .png()
    .toBuffer();
  return { png, placed };
}

async function backdropOf(photo: RgbaImage, cutout: RgbaImage, banner: Size): Promise<Buffer> {
  const { width, height } = photo;
  // The background's mean colour, then the subject's pixels blended toward it by the cut-out's alpha:
  // the blurred field must not show a ghost of the subject behind the subject.
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let i = 0; i < width * height; i++) {
    const weight = 255 - cutout.data[i * 4 + 3]!;
    r += photo.data[i * 4]! * weight;
    g += photo.data[i * 4 + 1]! * weight;
    b += photo.data[i * 4 + 2]! * weight;
    n += weight;
  }
  const mean = n > 0 ? [r / n, g / n, b / n] : [128, 128, 128];
  const field = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const a = cutout.data[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) field[i * 4 + c] = Math.round(photo.data[i * 4 + c]! * (1 - a) + mean[c]! * a);
    field[i * 4 + 3] = 255;
  }
  const sigma = Math.max(2, Math.min(banner.width, banner.height) / 5);
  return sharp(field, { raw: { width, height, channels: 4 } })
    .resize(banner.width, banner.height, { fit: 'cover' })
    .blur(sigma)
    .raw()
    .toBuffer();
}

export function rawBuffer(image: RgbaImage): Buffer {
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
}
