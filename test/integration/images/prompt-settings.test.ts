import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { rgbToHsl } from '../../../src/pipelines/images/pixel-ops.js';
import { paintSetting, paintsSetting } from '../../../src/pipelines/images/settings/paint-setting.js';
import { readPrompt } from '../../../src/pipelines/images/settings/prompt-look.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { asImage, runModel } from './asset-model-harness.js';

const W = 192,
  H = 108;

/** The pictures the checks read, painted once (each a few tens of milliseconds at this size). */
const PROMPTS = {
  tealStudio: 'teal studio',
  tealKitchen: 'teal kitchen, calm morning',
  coralStudio: 'coral studio',
  beach: 'beach',
  beachNight: 'beach at night',
  city: 'city street',
  cityNight: 'city at night',
  mountain: 'granite, mountain',
  forest: 'forest',
  calm: 'calm studio, sage',
  energetic: 'energetic studio, sage',
  playful: 'playful studio',
  minimal: 'minimal studio',
} as const;

const luma = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

function meanLuma(img: RgbaImage): number {
  let s = 0;
  for (let i = 0; i < img.data.length; i += 4) s += luma(img.data, i);
  return s / (img.width * img.height);
}

/** The most common hue (30° bins, HSL) among the picture's coloured pixels, as the bin's centre. */
function dominantHue(img: RgbaImage): number {
  const bins = new Array<number>(12).fill(0);
  for (let i = 0; i < img.data.length; i += 4) {
    const [h, s, l] = rgbToHsl(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
    if (s > 0.15 && l > 0.12 && l < 0.92) bins[Math.floor(((h + 15) % 360) / 30)]!++;
  }
  return bins.indexOf(Math.max(...bins)) * 30;
}

/** Mean saturation (HSL) and the spread of brightness (standard deviation of luma). */
function saturationAndContrast(img: RgbaImage): { saturation: number; contrast: number } {
  let s = 0,
    l = 0,
    l2 = 0;
  const n = img.width * img.height;
  for (let i = 0; i < img.data.length; i += 4) {
    s += rgbToHsl(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!)[1];
    const y = luma(img.data, i);
    l += y;
    l2 += y * y;
  }
  return { saturation: s / n, contrast: Math.sqrt(l2 / n - (l / n) ** 2) };
}

/** How many 30° hue bins hold at least 0.2 % of the picture in clearly coloured pixels. */
function huesPresent(img: RgbaImage): number {
  const bins = new Array<number>(12).fill(0);
  for (let i = 0; i < img.data.length; i += 4) {
    const [h, s, l] = rgbToHsl(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
    if (s > 0.35 && l > 0.2 && l < 0.85) bins[Math.floor(h / 30) % 12]!++;
  }
  return bins.filter((b) => b > img.width * img.height * 0.002).length;
}

function meanAbsDiff(a: RgbaImage, b: RgbaImage): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i += 4) for (let c = 0; c < 3; c++) s += Math.abs(a.data[i + c]! - b.data[i + c]!);
  return s / (a.width * a.height * 3);
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('prompt settings: the built-in painters draw what the prompt says', () => {
  const painted = {} as Record<keyof typeof PROMPTS, RgbaImage>;
  let fx: FixtureDir;
  const staged: Record<string, RgbaImage> = {};
  let productBox: { x: number; y: number; width: number; height: number };

  beforeAll(async () => {
    for (const [name, prompt] of Object.entries(PROMPTS)) painted[name as keyof typeof PROMPTS] = paintSetting({ prompt, width: W, height: H, seed: 11 }).image;
    fx = await makeFixtureDir('cw-prompt-settings-');
    const product = await productPhoto({ width: 120, height: 160 });
    await writeFile(fx.path('product.png'), product.png);
    for (const prompt of ['forest', 'city at night']) {
      staged[prompt] = asImage(
        await runModel(
          'product-staging',
          { image_url: 'https://e.com/p.png', prompt, size: W, aspect_ratio: '16:9' },
          { image_url: fx.path('product.png') },
          fx.dir,
        ),
      );
    }
    // The product's box in the staged picture: where the two staged pictures agree exactly.
    let x0 = W,
      y0 = H,
      x1 = -1,
      y1 = -1;
    const a = staged.forest!.data,
      b = staged['city at night']!.data;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2] && a[i]! > 120 && a[i + 1]! < 90) {
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
      }
    productBox = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }, 30_000);
  afterAll(async () => fx?.cleanup());

  it('reads place, surface, time, colours and moods from the words', () => {
    expect(readPrompt('granite, mountain')).toMatchObject({ place: 'mountain', surface: 'granite', time: 'day' });
    expect(readPrompt('Navy and teal, pastel, calm kitchen at night')).toMatchObject({ place: 'kitchen', time: 'night' });
    expect(readPrompt('Navy and teal, pastel, calm kitchen at night').colours.map((c) => c.word)).toEqual(['navy', 'teal']);
    expect(readPrompt('playful, bold, luxury, minimal, energetic, calm, warm, cool').moods).toEqual([
      'playful',
      'bold',
      'luxury',
      'minimal',
      'energetic',
      'calm',
      'warm',
      'cool',
    ]);
    expect(readPrompt('neon signs')).toMatchObject({ place: 'city', time: 'night' });
    // The staging chooser keeps what only it draws; a named place is drawn here.
    expect(paintsSetting('white podium, pastel')).toBe(false);
    expect(paintsSetting('velvet in a city at night')).toBe(true);
    expect(paintsSetting('something unrelated')).toBe(false);
  });

  it('the dominant hue follows the named colour', () => {
    // Teal sits at 180° (HSL); coral near 10°.
    expect(dominantHue(painted.tealStudio)).toBe(180);
    expect(dominantHue(painted.tealKitchen)).toBe(180);
    expect(hueDistance(dominantHue(painted.coralStudio), 10)).toBeLessThanOrEqual(20);
  });

  it('night is darker than day, in the same place', () => {
    expect(meanLuma(painted.beachNight)).toBeLessThan(meanLuma(painted.beach) * 0.5);
    expect(meanLuma(painted.cityNight)).toBeLessThan(meanLuma(painted.city) * 0.6);
  });

  it('different prompts give visibly different pictures; the same prompt and seed the same one', () => {
    const places = [painted.tealStudio, painted.beach, painted.city, painted.mountain, painted.forest, painted.tealKitchen];
    for (let i = 0; i < places.length; i++)
      for (let j = i + 1; j < places.length; j++) expect(meanAbsDiff(places[i]!, places[j]!), `${i} vs ${j}`).toBeGreaterThan(18);
    expect(paintSetting({ prompt: 'beach', width: W, height: H, seed: 11 }).image.data).toEqual(painted.beach.data);
    expect(meanAbsDiff(paintSetting({ prompt: 'beach', width: W, height: H, seed: 12 }).image, painted.beach)).toBeGreaterThan(1);
  });

  it('moods change the picture: energetic is more saturated and contrasted than calm, playful more colourful than minimal', () => {
    const calm = saturationAndContrast(painted.calm),
      energetic = saturationAndContrast(painted.energetic);
    expect(energetic.saturation).toBeGreaterThan(calm.saturation * 1.3);
    expect(energetic.contrast).toBeGreaterThan(calm.contrast * 1.2);
    expect(huesPresent(painted.playful)).toBeGreaterThanOrEqual(huesPresent(painted.minimal) + 3);
  });

  it('product staging draws the setting around the product and leaves the product untouched', () => {
    // The product is found in both pictures at the same place, with the same pixels.
    expect(productBox.width).toBeGreaterThan(10);
    expect(productBox.height).toBeGreaterThan(W * 0.2);
    const forest = staged.forest!,
      night = staged['city at night']!;
    // Outside the product the two settings differ a lot, and the night city is the darker one.
    expect(meanAbsDiff(forest, night)).toBeGreaterThan(25);
    expect(meanLuma(night)).toBeLessThan(meanLuma(forest) * 0.75);
    // The forest is green around the product.
    expect(hueDistance(dominantHue(forest), 100)).toBeLessThanOrEqual(30);
  });
});
