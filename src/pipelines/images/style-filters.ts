import sharp from 'sharp';
import type { RgbaImage } from '../../core/raster.js';
import type { Rng } from '../../core/random.js';
import { clamp255, hexToRgb, luma, opaque, rgbaOf, sharpOf, withAlphaOf } from './pixel-ops.js';

/**
 * The style filters: classic image processing (resampling, palette quantisation, edge detection,
 * tone curves), each a function of the picture, its options and a seeded generator whose draws
 * make the variations of one request differ. Output size = input size; the input's transparency
 * is kept.
 */

/** 0..255 brightness per pixel. */
function grayOf(img: RgbaImage): Float32Array {
  const g = new Float32Array(img.width * img.height);
  for (let i = 0; i < g.length; i++) g[i] = luma(img.data[i * 4]!, img.data[i * 4 + 1]!, img.data[i * 4 + 2]!);
  return g;
}

/** Sobel gradient magnitude of a grey plane (edges clamp). */
export function sobel(g: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(g.length);
  const at = (x: number, y: number) => g[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const gx = -at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1) + at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1);
      const gy = -at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1) + at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1);
      out[y * width + x] = Math.hypot(gx, gy) / 4;
    }
  return out;
}

/** Grows a 0/1 mask by `radius` pixels (square structuring element). */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask;
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let dy = -radius; dy <= radius; dy++)
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx,
            yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < width && yy < height) out[yy * width + xx] = 1;
        }
    }
  return out;
}

function mapPixels(img: RgbaImage, f: (r: number, g: number, b: number, x: number, y: number) => [number, number, number]): RgbaImage {
  const out = new Uint8Array(img.data);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const [r, g, b] = f(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, x, y);
      out[i] = clamp255(r);
      out[i + 1] = clamp255(g);
      out[i + 2] = clamp255(b);
    }
  return { width: img.width, height: img.height, data: out };
}

/** At most `colors` colours, no dithering (libimagequant through sharp's PNG palette). */
export async function quantize(img: RgbaImage, colors: number): Promise<RgbaImage> {
  const n = Math.max(2, Math.min(256, colors));
  const png = await sharpOf(opaque(img)).png({ palette: true, colours: n, dither: 0 }).toBuffer();
  return capColours(await rgbaOf(sharp(png)), n);
}

/** The quantiser may keep a colour or two more than asked: those pixels move to the nearest of the `n` most used. */
function capColours(img: RgbaImage, n: number): RgbaImage {
  const counts = new Map<number, number>();
  for (let i = 0; i < img.data.length; i += 4) {
    const c = (img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  if (counts.size <= n) return img;
  const keep = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([c]) => [c >> 16, (c >> 8) & 255, c & 255] as const);
  const out = new Uint8Array(img.data);
  for (let i = 0; i < out.length; i += 4) {
    let best = keep[0]!,
      bestD = Infinity;
    for (const k of keep) {
      const d = (out[i]! - k[0]) ** 2 + (out[i + 1]! - k[1]) ** 2 + (out[i + 2]! - k[2]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    out[i] = best[0];
    out[i + 1] = best[1];
    out[i + 2] = best[2];
  }
  return { width: img.width, height: img.height, data: out };
}

export async function pixelArt(img: RgbaImage, o: { pixelSize: number; colors: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  const p = Math.max(2, Math.round(o.pixelSize));
  // Each variation shifts the grid, so cells fall on different pixels.
  const ox = variation === 0 ? 0 : rng.int(1, p - 1),
    oy = variation === 0 ? 0 : rng.int(1, p - 1);
  const base = opaque(img);
  const padded = await rgbaOf(sharpOf(base).extend({ left: ox, top: oy, right: p, bottom: p, extendWith: 'mirror' }));
  const cellsX = Math.ceil(padded.width / p),
    cellsY = Math.ceil(padded.height / p);
  const small = await quantize(await rgbaOf(sharpOf(padded).resize(cellsX, cellsY, { fit: 'fill', kernel: 'cubic' })), o.colors);
  const big = await rgbaOf(sharpOf(small).resize(cellsX * p, cellsY * p, { kernel: 'nearest' }));
  const out = await rgbaOf(sharpOf(big).extract({ left: ox, top: oy, width: img.width, height: img.height }));
  return withAlphaOf(out, img);
}

export async function posterize(img: RgbaImage, o: { colors: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  // A small brightness and saturation nudge per variation makes the quantiser choose another palette.
  const nudged =
    variation === 0
      ? opaque(img)
      : await rgbaOf(sharpOf(opaque(img)).modulate({ brightness: 1 + (rng.next() - 0.5) * 0.16, saturation: 1 + (rng.next() - 0.5) * 0.3 }));
  return withAlphaOf(await quantize(nudged, o.colors), img);
}

export async function lineArt(img: RgbaImage, o: { lineWeight: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  const soft = await rgbaOf(sharpOf(opaque(img)).blur(0.8));
  const edges = sobel(grayOf(soft), img.width, img.height);
  const threshold = variation === 0 ? 22 : 14 + rng.next() * 16;
  const mask = new Uint8Array(edges.length);
  for (let i = 0; i < edges.length; i++) mask[i] = edges[i]! > threshold ? 1 : 0;
  const lines = dilate(mask, img.width, img.height, Math.round(o.lineWeight) - 1);
  return withAlphaOf(
    mapPixels(img, (_r, _g, _b, x, y) => (lines[y * img.width + x] ? [24, 24, 28] : [255, 255, 255])),
    img,
  );
}

export async function cartoon(img: RgbaImage, o: { levels: number }, rng: Rng, variation: number): Promise<RgbaImage> {
  const smooth = await rgbaOf(sharpOf(opaque(img)).median(5).modulate({ saturation: 1.25 }));
  const levels = Math.max(2, Math.round(o.levels));
  const step = 255 / (levels - 1);
  const offset = variation === 0 ? 0 : (rng.next() - 0.5) * step * 0.6;
  const edges = sobel(grayOf(smooth), img.width, img.height);
  const band = (v: number) => Math.round((v + offset) / step) * step;
  // Bands are cut from a blurred copy and then cleaned with a median: on a noisy gradient (a studio
  // backdrop) banding the raw pixels flips back and forth across a level and leaves a speckled strip.
  const soft = await rgbaOf(sharpOf(smooth).blur(2.5));
  const banded = await rgbaOf(sharpOf(mapPixels(soft, (r, g, b) => [band(r), band(g), band(b)])).median(7));
  return withAlphaOf(
    mapPixels(banded, (r, g, b, x, y) => (edges[y * img.width + x]! > 28 ? [20, 20, 20] : [r, g, b])),
    img,
  );
}

/** Cheap smooth noise: bilinear interpolation of a coarse seeded grid. */
function valueNoise(width: number, height: number, cell: number, rng: Rng): Float32Array {
  const gw = Math.ceil(width / cell) + 2,
    gh = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => rng.next());
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const fx = x / cell,
        fy = y / cell,
        ix = Math.floor(fx),
        iy = Math.floor(fy),
        tx = fx - ix,
        ty = fy - iy;
      const a = grid[iy * gw + ix]!,
        b = grid[iy * gw + ix + 1]!,
        c = grid[(iy + 1) * gw + ix]!,
        d = grid[(iy + 1) * gw + ix + 1]!;
      out[y * width + x] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
    }
  return out;
}

export async function watercolor(img: RgbaImage, rng: Rng): Promise<RgbaImage> {
  const washed = await rgbaOf(sharpOf(opaque(img)).median(7).blur(1.6).modulate({ saturation: 1.15, brightness: 1.05 }));
  const edges = sobel(grayOf(washed), img.width, img.height);
  const paper = valueNoise(img.width, img.height, 6, rng.fork('paper'));
  const blotch = valueNoise(img.width, img.height, 40, rng.fork('blotch'));
  return withAlphaOf(
    mapPixels(washed, (r, g, b, x, y) => {
      const i = y * img.width + x;
      const pigment = 1 - Math.min(0.35, edges[i]! / 160);
      const grain = 0.9 + 0.1 * paper[i]!;
      const lift = 18 * blotch[i]!;
      return [(r * pigment + lift) * grain, (g * pigment + lift) * grain, (b * pigment + lift) * grain];
    }),
    img,
  );
}

export async function duotone(img: RgbaImage, o: { shadow: string; highlight: string }, rng: Rng, variation: number): Promise<RgbaImage> {
  const s = hexToRgb(o.shadow),
    h = hexToRgb(o.highlight);
  const gamma = variation === 0 ? 1 : 0.75 + rng.next() * 0.5;
  return mapPixels(img, (r, g, b) => {
    const t = (luma(r, g, b) / 255) ** gamma;
    return [s[0] + (h[0] - s[0]) * t, s[1] + (h[1] - s[1]) * t, s[2] + (h[2] - s[2]) * t];
  });
}

function vignette(x: number, y: number, width: number, height: number, amount: number): number {
  const dx = (x / width - 0.5) * 2,
    dy = (y / height - 0.5) * 2;
  return 1 - amount * Math.min(1, (dx * dx + dy * dy) / 2) ** 1.5;
}

export async function vintage(img: RgbaImage, o: { strength: number }, rng: Rng): Promise<RgbaImage> {
  const k = o.strength;
  const grain = rng.fork('grain');
  return mapPixels(img, (r, g, b, x, y) => {
    const sr = 0.393 * r + 0.769 * g + 0.189 * b,
      sg = 0.349 * r + 0.686 * g + 0.168 * b,
      sb = 0.272 * r + 0.534 * g + 0.131 * b;
    const v = vignette(x, y, img.width, img.height, 0.45 * k);
    const n = (grain.next() - 0.5) * 28 * k;
    const fade = (c: number, s: number) => ((c * (1 - k) + s * k) * (1 - 0.18 * k) + 28 * k) * v + n;
    return [fade(r, sr), fade(g, sg), fade(b, sb)];
  });
}

export async function cinematicGrade(img: RgbaImage, o: { strength: number; letterbox: boolean }, rng: Rng, variation: number): Promise<RgbaImage> {
  const k = o.strength;
  const warmth = variation === 0 ? 1 : 0.7 + rng.next() * 0.6;
  const barPx = o.letterbox ? Math.max(0, Math.round((img.height - img.width / 2.39) / 2)) : 0;
  const curve = (v: number) => 255 / (1 + Math.exp(-(v / 255 - 0.5) * 6.5)); // S-curve
  return mapPixels(img, (r, g, b, _x, y) => {
    if (y < barPx || y >= img.height - barPx) return [0, 0, 0];
    const l = luma(r, g, b) / 255;
    // Shadows pulled to teal, highlights to orange.
    const tr = r + k * warmth * (l - 0.5) * 70,
      tg = g + k * (l - 0.5) * 10,
      tb = b - k * warmth * (l - 0.5) * 70;
    const c = (v: number) => v * (1 - k * 0.6) + curve(v) * k * 0.6;
    return [c(tr), c(tg), c(tb)];
  });
}

const BW_WEIGHTS: Record<string, [number, number, number]> = {
  neutral: [0.299, 0.587, 0.114],
  red: [0.7, 0.25, 0.05],
  green: [0.2, 0.7, 0.1],
  blue: [0.15, 0.25, 0.6],
};

export async function blackAndWhite(img: RgbaImage, o: { filter: string }, rng: Rng, variation: number): Promise<RgbaImage> {
  const [wr, wg, wb] = BW_WEIGHTS[o.filter] ?? BW_WEIGHTS.neutral!;
  const contrast = variation === 0 ? 1.15 : 0.95 + rng.next() * 0.5;
  return mapPixels(img, (r, g, b) => {
    const v = (wr * r + wg * g + wb * b - 128) * contrast + 128;
    return [v, v, v];
  });
}

export async function pencilSketch(img: RgbaImage, rng: Rng, variation: number): Promise<RgbaImage> {
  const gray = grayOf(opaque(img));
  const sigma = variation === 0 ? 6 : 3 + rng.next() * 7;
  const inverted = mapPixels(opaque(img), (r, g, b) => {
    const v = 255 - luma(r, g, b);
    return [v, v, v];
  });
  const blurred = await rgbaOf(sharpOf(inverted).blur(sigma));
  return withAlphaOf(
    mapPixels(img, (_r, _g, _b, x, y) => {
      const i = y * img.width + x;
      const base = gray[i]!,
        blend = blurred.data[i * 4]!;
      const v = blend >= 255 ? 255 : Math.min(255, (base * 255) / (255 - blend));
      return [v, v, v];
    }),
    img,
  );
}

export async function halftone(img: RgbaImage, o: { dotSize: number; mode: string }, rng: Rng, variation: number): Promise<RgbaImage> {
  const d = Math.max(4, Math.round(o.dotSize));
  const ox = variation === 0 ? 0 : rng.int(0, d - 1),
    oy = variation === 0 ? 0 : rng.int(0, d - 1);
  const src = opaque(img);
  const { width, height } = img;
  const out = new Uint8Array(width * height * 4).fill(255);
  for (let cy = -oy; cy < height; cy += d)
    for (let cx = -ox; cx < width; cx += d) {
      let r = 0,
        g = 0,
        b = 0,
        n = 0;
      for (let y = Math.max(0, cy); y < Math.min(height, cy + d); y++)
        for (let x = Math.max(0, cx); x < Math.min(width, cx + d); x++) {
          const i = (y * width + x) * 4;
          r += src.data[i]!;
          g += src.data[i + 1]!;
          b += src.data[i + 2]!;
          n++;
        }
      if (!n) continue;
      r /= n;
      g /= n;
      b /= n;
      const darkness = 1 - luma(r, g, b) / 255;
      const radius = (d / 2) * Math.sqrt(darkness) * 1.25;
      const ink: [number, number, number] = o.mode === 'mono' ? [0, 0, 0] : [r * 0.85, g * 0.85, b * 0.85];
      const mx = cx + d / 2,
        my = cy + d / 2;
      for (let y = Math.max(0, cy); y < Math.min(height, cy + d); y++)
        for (let x = Math.max(0, cx); x < Math.min(width, cx + d); x++) {
          if ((x + 0.5 - mx) ** 2 + (y + 0.5 - my) ** 2 <= radius * radius) {
            const i = (y * width + x) * 4;
            out[i] = clamp255(ink[0]);
            out[i + 1] = clamp255(ink[1]);
            out[i + 2] = clamp255(ink[2]);
          }
        }
    }
  return withAlphaOf({ width, height, data: out }, img);
}
