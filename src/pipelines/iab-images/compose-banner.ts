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

export function rawBuffer(image: RgbaImage): Buffer {
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
}
