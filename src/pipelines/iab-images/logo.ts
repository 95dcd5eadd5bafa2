import type { RgbaImage } from '../../core/raster.js';
import { alphaBox, cropImage } from '../images/raster-io.js';

/** How far (sum of channel differences) a pixel must be from the border colour to count as the logo. */
const BORDER_TOLERANCE = 36;

/**
 * A logo cut to what shows: a transparent margin removed, or, for an opaque logo on a plain
 * ground (a wordmark on white), the ground's margin (its colour read from the four corners). A
 * logo with a busy edge is left as it is.
 */
export function trimLogo(logo: RgbaImage): RgbaImage {
  const { width: w, height: h, data } = logo;
  let transparent = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 128) transparent++;
  if (transparent > 0) {
    const box = alphaBox(logo, 24);
    return box && box.width > 1 && box.height > 1 ? cropImage(logo, box) : logo;
  }
  const corner = (x: number, y: number) => [data[(y * w + x) * 4]!, data[(y * w + x) * 4 + 1]!, data[(y * w + x) * 4 + 2]!];
  const corners = [corner(0, 0), corner(w - 1, 0), corner(0, h - 1), corner(w - 1, h - 1)];
  const ground = corners[0]!;
  const far = (c: number[]) => Math.abs(c[0]! - ground[0]!) + Math.abs(c[1]! - ground[1]!) + Math.abs(c[2]! - ground[2]!) > BORDER_TOLERANCE;
  if (corners.some(far)) return logo;
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!far(corner(x, y))) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  if (x1 < x0) return logo;
  // A little of the ground kept around the mark, as the logo's own breathing room.
  const pad = Math.round(Math.min(x1 - x0, y1 - y0) * 0.08);
  const x = Math.max(0, x0 - pad),
    y = Math.max(0, y0 - pad);
  return cropImage(logo, { x, y, width: Math.min(w, x1 + pad + 1) - x, height: Math.min(h, y1 + pad + 1) - y });
}
