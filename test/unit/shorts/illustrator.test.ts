import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { iconForWord, iconsForText, iconSvg } from '../../../src/pipelines/shorts/illustrator/icon-library.js';
import { illustrateScene, scenePrompt } from '../../../src/pipelines/shorts/illustrator/illustrate-scene.js';

const SIZE = { width: 180, height: 320 };

function stats(img: RgbaImage): { saturation: number; brightness: number } {
  let s = 0,
    v = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    const r = img.data[i * 4]!,
      g = img.data[i * 4 + 1]!,
      b = img.data[i * 4 + 2]!;
    const max = Math.max(r, g, b),
      min = Math.min(r, g, b);
    s += max === 0 ? 0 : (max - min) / max;
    v += (r + g + b) / 3;
  }
  return { saturation: s / n, brightness: v / n };
}

function difference(a: RgbaImage, b: RgbaImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / ((a.data.length / 4) * 3);
}

describe('the built-in illustrator', () => {
  it('finds pictures by the words of their names, plurals and a few synonyms; function words name none', () => {
    expect(iconForWord('dog')).toBe('dog');
    expect(iconForWord('Rockets')).toBe('rocket');
    expect(iconForWord('cities')).toBe('cityscape');
    expect(iconForWord('money')).toBe('money-bag');
    expect(iconForWord('the')).toBeNull();
    expect(iconForWord('zzqx')).toBeNull();
    expect(iconsForText('My dog loves pizza.', 3, 0)).toEqual({ names: ['dog', 'red-heart', 'pizza'], matched: 3 });
    // Nothing named: general-purpose pictures, chosen by the seed.
    const none = iconsForText('Whereupon thereafter.', 3, 4);
    expect(none.matched).toBe(0);
    expect(none.names.length).toBeGreaterThan(0);
    expect(iconSvg('dog', 64).svg).toMatch(/^<svg [^>]*width="64"/);
  });

  it('draws every style, opaque, at the asked size; the same request draws the same pixels', async () => {
    for (const style of SHORT_STYLES) {
      const { image, icons } = await illustrateScene({ text: 'A dog on the beach.', style, ...SIZE, seed: 3 });
      expect([image.width, image.height], style).toEqual([SIZE.width, SIZE.height]);
      expect(icons[0], style).toBe('dog');
      for (let i = 3; i < image.data.length; i += 4 * 97) expect(image.data[i], style).toBe(255);
    }
    const a = await illustrateScene({ text: 'A dog on the beach.', style: 'Collage', ...SIZE, seed: 3 });
    const b = await illustrateScene({ text: 'A dog on the beach.', style: 'Collage', ...SIZE, seed: 3 });
    expect(difference(a.image, b.image)).toBe(0);
  }, 60_000);

  it('draws two scenes about different things differently', async () => {
    for (const style of ['Cartoonish', '4K realistic'] as const) {
      const dog = await illustrateScene({ text: 'My dog runs on the beach.', style, ...SIZE, seed: 1 });
      const rocket = await illustrateScene({ text: 'Rockets fly to the moon.', style, ...SIZE, seed: 1 });
      expect(dog.icons).not.toEqual(rocket.icons);
      expect(difference(dog.image, rocket.image), style).toBeGreaterThan(15);
    }
  }, 30_000);

  it('draws one scene in two styles with different colour statistics', async () => {
    const text = 'Coffee and bread in the city.';
    const drawn = Object.fromEntries(
      await Promise.all(SHORT_STYLES.map(async (style) => [style, stats((await illustrateScene({ text, style, ...SIZE, seed: 2 })).image)] as const)),
    );
    // Line art is ink on paper; pixel art and cartoons keep strong colours; mysterious and cinematic are dark; kawaii is light and soft.
    expect(drawn['Line art']!.saturation).toBeLessThan(0.12);
    expect(drawn.Cartoonish!.saturation - drawn['Line art']!.saturation).toBeGreaterThan(0.2);
    expect(drawn.Mysterious!.brightness).toBeLessThan(drawn.Kawaii!.brightness - 80);
    expect(drawn.Cinematic!.brightness).toBeLessThan(drawn['Line art']!.brightness - 80);
    // No two styles share their statistics.
    const values = SHORT_STYLES.map((s) => drawn[s]!);
    for (let i = 0; i < values.length; i++)
      for (let j = i + 1; j < values.length; j++) {
        const apart = Math.abs(values[i]!.saturation - values[j]!.saturation) * 255 + Math.abs(values[i]!.brightness - values[j]!.brightness);
        expect(apart, `${SHORT_STYLES[i]} vs ${SHORT_STYLES[j]}`).toBeGreaterThan(4);
      }
  }, 60_000);

  it("asks a remote model for the scene's words in the style's terms", () => {
    const prompt = scenePrompt('A dog on the beach.', 'Pixel art');
    expect(prompt).toContain('A dog on the beach.');
    expect(prompt).toMatch(/pixel art/i);
  });
});
