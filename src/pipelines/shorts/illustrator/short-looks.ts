import type { RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import type { ShortStyle } from '../../../domain/shorts/short-styles.js';
import type { ProceduralBackground } from '../../images/backgrounds/procedural.js';
import { cartoon, cinematicGrade, lineArt, pixelArt, vintage } from '../../images/style-filters.js';
import { clamp255, luma, rgbaOf, sharpOf } from '../../images/pixel-ops.js';
import { resizeImage } from '../../images/raster-io.js';

/** How a style stages the pictures of a scene before its look is applied. */
export type IconStaging = 'depth' | 'extruded' | 'spotlit' | 'bold' | 'plain' | 'glowing' | 'brass' | 'cutout' | 'rounded';

/**
 * One AI Shorts style as the built-in illustrator draws it: colours for the backdrop (hues move a
 * little per scene), the backdrop's kind, how the pictures are staged, then the look applied to
 * the whole scene, and the words a remote image model is given for it.
 */
export interface ShortLook {
  palette: string[];
  backdrop: ProceduralBackground;
  staging: IconStaging;
  /** Degrees the backdrop's hues may turn from one scene to the next. */
  hueSwingDegrees: number;
  look: (img: RgbaImage, rng: Rng) => Promise<RgbaImage>;
  prompt: string;
}

export const SHORT_LOOKS: Record<ShortStyle, ShortLook> = {
  '4K realistic': {
    palette: ['#87b7e0', '#d9ecf7', '#6e9f5f', '#f2e3c4'],
    backdrop: 'mesh-gradient',
    staging: 'depth',
    hueSwingDegrees: 40,
    look: (img, rng) => finish(img, rng, { contrast: 1.08, saturation: 1.1, vignette: 0.25, grain: 6 }),
    prompt: 'photorealistic, ultra detailed 4K photograph, natural light, shallow depth of field',
  },
  '3D': {
    palette: ['#7c5cff', '#b9a8ff', '#ff9bd2', '#2e1f66'],
    backdrop: 'radial-gradient',
    staging: 'extruded',
    hueSwingDegrees: 70,
    look: (img, rng) => finish(img, rng, { contrast: 1.05, saturation: 1.15, vignette: 0.2, grain: 0 }),
    prompt: '3D render, soft studio lighting, glossy clay materials, isometric, octane render',
  },
  Cinematic: {
    palette: ['#1d3b4a', '#0d1b24', '#c9733c', '#3e6f7d'],
    backdrop: 'linear-gradient',
    staging: 'spotlit',
    hueSwingDegrees: 25,
    look: async (img, rng) => letterbox(await cinematicGrade(img, { strength: 0.85, letterbox: false }, rng, 0)),
    prompt: 'cinematic film still, anamorphic widescreen, teal and orange grade, dramatic lighting',
  },
  Cartoonish: {
    palette: ['#ffd23f', '#3bceac', '#ee4266', '#540d6e'],
    backdrop: 'dots',
    staging: 'bold',
    hueSwingDegrees: 120,
    look: (img, rng) => atHalfSize(img, (half) => cartoon(half, { levels: 5 }, rng, 0)),
    prompt: 'cartoon illustration, bold black outlines, flat bright colours, playful',
  },
  'Line art': {
    palette: ['#f6f1e7', '#e4dccb', '#cfc4ad', '#ffffff'],
    backdrop: 'linear-gradient',
    staging: 'plain',
    hueSwingDegrees: 0,
    look: async (img, rng) => paper(await lineArt(img, { lineWeight: Math.max(1, Math.round(img.width / 400)) }, rng, 0)),
    prompt: 'minimal black ink line art drawing on white paper, clean contour lines, no shading',
  },
  'Pixel art': {
    palette: ['#2b2d42', '#8d99ae', '#ef233c', '#edf2f4'],
    backdrop: 'grid',
    staging: 'plain',
    hueSwingDegrees: 90,
    look: (img, rng) => pixelArt(img, { pixelSize: Math.max(3, Math.round(Math.min(img.width, img.height) / 64)), colors: 16 }, rng, 0),
    prompt: '16-bit pixel art, retro video game sprite style, limited palette',
  },
  Mysterious: {
    palette: ['#0b0c2a', '#1f1446', '#3d2c6e', '#6bd1ff'],
    backdrop: 'noise-field',
    staging: 'glowing',
    hueSwingDegrees: 30,
    look: (img, rng) => finish(img, rng, { contrast: 1.15, saturation: 0.7, vignette: 0.6, grain: 10, tint: [20, 10, 60] }),
    prompt: 'mysterious dark atmosphere, fog, moonlight, glowing highlights, enigmatic mood',
  },
  'Steam punk': {
    palette: ['#5a3d1e', '#b8860b', '#8c5a2b', '#d9b26f'],
    backdrop: 'noise-field',
    staging: 'brass',
    hueSwingDegrees: 15,
    look: (img, rng) => vintage(img, { strength: 0.55 }, rng),
    prompt: 'steampunk illustration, brass gears, copper pipes, Victorian machinery, sepia tones',
  },
  Collage: {
    palette: ['#efe6d2', '#e6dac0', '#f6f0e2', '#d9c9a6'],
    backdrop: 'noise-field',
    staging: 'cutout',
    hueSwingDegrees: 20,
    look: (img, rng) => finish(img, rng, { contrast: 1.02, saturation: 1, vignette: 0.15, grain: 8 }),
    prompt: 'paper collage, magazine cut-outs with white borders, tape, torn paper textures',
  },
  Kawaii: {
    palette: ['#ffd6e8', '#c9f2ff', '#fff3b0', '#e2d1ff'],
    backdrop: 'dots',
    staging: 'rounded',
    hueSwingDegrees: 60,
    look: (img) => pastel(img),
    prompt: 'kawaii illustration, cute pastel colours, rounded shapes, chibi style, soft and adorable',
  },
};

/**
 * A look applied at half the size and scaled back: its bands and outlines come out bolder, at a
 * quarter of the pixel work (the cartoon filter's medians are the slowest step of any style).
 */
async function atHalfSize(img: RgbaImage, look: (half: RgbaImage) => Promise<RgbaImage>): Promise<RgbaImage> {
  const half = await resizeImage(img, Math.max(2, Math.round(img.width / 2)), Math.max(2, Math.round(img.height / 2)));
  return resizeImage(await look(half), img.width, img.height);
}

/** Contrast, saturation, a tint, a vignette and film grain: the common last touches. Pure per pixel but the grain. */
async function finish(
  img: RgbaImage,
  rng: Rng,
  o: { contrast: number; saturation: number; vignette: number; grain: number; tint?: [number, number, number] },
): Promise<RgbaImage> {
  const base = await rgbaOf(
    sharpOf(img)
      .modulate({ saturation: o.saturation })
      .linear(o.contrast, -(128 * o.contrast) + 128),
  );
  const out = new Uint8Array(base.data);
  const { width, height } = img;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const dx = (x / width - 0.5) * 2,
        dy = (y / height - 0.5) * 2;
      const v = 1 - o.vignette * Math.min(1, (dx * dx + dy * dy) / 2) ** 1.5;
      const n = o.grain ? (rng.next() - 0.5) * o.grain : 0;
      for (let c = 0; c < 3; c++) out[i + c] = clamp255((out[i + c]! + (o.tint?.[c] ?? 0) * 0.5) * v + n);
    }
  return { width, height, data: out };
}

/**
 * Black bars top and bottom: 2.39:1 inside a landscape frame; a portrait or square frame keeps
 * bars of an eighth of its height each, so the picture is not reduced to a strip.
 */
function letterbox(img: RgbaImage): RgbaImage {
  const { width, height } = img;
  const wide = Math.round((height - width / 2.39) / 2);
  const barPx = width > height ? Math.max(0, wide) : Math.round(height / 8);
  const out = new Uint8Array(img.data);
  for (let y = 0; y < height; y++) {
    if (y >= barPx && y < height - barPx) continue;
    for (let x = 0; x < width; x++) out.set([0, 0, 0, 255], (y * width + x) * 4);
  }
  return { width, height, data: out };
}

/** Ink lines on warm paper instead of pure white. */
function paper(img: RgbaImage): RgbaImage {
  const out = new Uint8Array(img.data);
  for (let i = 0; i < out.length; i += 4) {
    const t = luma(out[i]!, out[i + 1]!, out[i + 2]!) / 255;
    out[i] = clamp255(30 + t * (250 - 30));
    out[i + 1] = clamp255(30 + t * (246 - 30));
    out[i + 2] = clamp255(36 + t * (236 - 36));
  }
  return { width: img.width, height: img.height, data: out };
}

/** Lifted towards white and a little pink, saturation softened: the pastel of kawaii. */
async function pastel(img: RgbaImage): Promise<RgbaImage> {
  const soft = await rgbaOf(sharpOf(img).modulate({ saturation: 0.75, brightness: 1.05 }));
  const out = new Uint8Array(soft.data);
  for (let i = 0; i < out.length; i += 4) {
    out[i] = clamp255(out[i]! * 0.72 + 255 * 0.28);
    out[i + 1] = clamp255(out[i + 1]! * 0.72 + 236 * 0.28);
    out[i + 2] = clamp255(out[i + 2]! * 0.72 + 245 * 0.28);
  }
  return { width: img.width, height: img.height, data: out };
}
