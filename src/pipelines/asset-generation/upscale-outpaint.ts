import type { RgbaImage } from '../../core/raster.js';
import type { Rng } from '../../core/random.js';
import { rgbaOf, sharpOf } from '../images/pixel-ops.js';

/**
 * Upscale: Lanczos-3 resampling to exactly `factor` times the size, then an unsharp mask.
 * A classical resampler, not a neural upscaler: edges get crisper, no detail is invented.
 */
export async function upscale(img: RgbaImage, o: { factor: 2 | 4; sharpen: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  const amount = o.sharpen + (variation === 0 ? 0 : 0.1 + rng.next() * 0.3);
  let pipeline = sharpOf(img).resize(img.width * o.factor, img.height * o.factor, { kernel: 'lanczos3', fit: 'fill' });
  if (amount > 0) pipeline = sharpOf(await rgbaOf(pipeline)).sharpen({ sigma: 0.6 + 0.4 * o.factor * 0.5, m1: 0.5 * amount, m2: 2.5 * amount });
  return rgbaOf(pipeline);
}

function aspectValue(aspect: string): number {
  const [a, b] = aspect.split(/[:x]/).map(Number) as [number, number];
  return a / b;
}

/** Canvas size of the given aspect that contains the picture unscaled. */
export function extendedCanvas(width: number, height: number, aspect: string): { width: number; height: number; left: number; top: number } {
  const target = aspectValue(aspect);
  const W = width / height < target ? Math.round(height * target) : width;
  const H = width / height < target ? height : Math.round(width / target);
  return { width: W, height: H, left: Math.floor((W - width) / 2), top: Math.floor((H - height) / 2) };
}

/**
 * Extends the canvas to `aspect` around the untouched picture: the outermost rows and columns are
 * stretched outwards (never mirrored, which would put ghost copies of the subject beside it), blurred
 * more the farther they reach, and pulled toward the mean colour of that side's border, so the margins
 * read as out-of-focus surroundings. Not generative fill.
 */
export async function outpaint(img: RgbaImage, o: { aspect: string; blurRadius: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  const c = extendedCanvas(img.width, img.height, o.aspect);
  if (c.width === img.width && c.height === img.height) return img;
  const sigma = Math.max(0.5, o.blurRadius * (variation === 0 ? 1 : 0.7 + rng.next() * 0.6));
  const extend = { left: c.left, top: c.top, right: c.width - img.width - c.left, bottom: c.height - img.height - c.top, extendWith: 'copy' as const };
  const stretched = await rgbaOf(sharpOf(img).extend(extend));
  const near = await rgbaOf(sharpOf(stretched).blur(sigma));
  const far = await rgbaOf(sharpOf(stretched).blur(sigma * 4));
  const sideMean = borderMeans(img);
  const out = new Uint8Array(near.data);
  const reach = Math.max(c.width - img.width, c.height - img.height) / 2 || 1;
  for (let y = 0; y < c.height; y++)
    for (let x = 0; x < c.width; x++) {
      const i = (y * c.width + x) * 4;
      const ix = x - c.left,
        iy = y - c.top;
      if (ix >= 0 && iy >= 0 && ix < img.width && iy < img.height) {
        out.set(img.data.subarray((iy * img.width + ix) * 4, (iy * img.width + ix) * 4 + 4), i);
        continue;
      }
      const dx = ix < 0 ? -ix : ix >= img.width ? ix - img.width + 1 : 0;
      const dy = iy < 0 ? -iy : iy >= img.height ? iy - img.height + 1 : 0;
      const side = dx >= dy ? (ix < 0 ? sideMean.left : sideMean.right) : iy < 0 ? sideMean.top : sideMean.bottom;
      const d = Math.min(1, Math.max(dx, dy) / reach);
      const blurMix = Math.min(1, d * 2.5);
      const tint = 0.55 * d * d;
      for (let k = 0; k < 3; k++) {
        const v = near.data[i + k]! * (1 - blurMix) + far.data[i + k]! * blurMix;
        out[i + k] = Math.round(v * (1 - tint) + side[k]! * tint);
      }
      out[i + 3] = 255;
    }
  return { width: c.width, height: c.height, data: out };
}

/** Mean colour of a 3 px ring along each side: what that side's margin fades toward. */
function borderMeans(img: RgbaImage): Record<'left' | 'right' | 'top' | 'bottom', [number, number, number]> {
  const mean = (x0: number, y0: number, w: number, h: number): [number, number, number] => {
    let r = 0,
      g = 0,
      b = 0,
      n = 0;
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * img.width + x) * 4;
        r += img.data[i]!;
        g += img.data[i + 1]!;
        b += img.data[i + 2]!;
        n++;
      }
    return [r / n, g / n, b / n];
  };
  const e = Math.min(3, img.width, img.height);
  return {
    left: mean(0, 0, e, img.height),
    right: mean(img.width - e, 0, e, img.height),
    top: mean(0, 0, img.width, e),
    bottom: mean(0, img.height - e, img.width, e),
  };
}
