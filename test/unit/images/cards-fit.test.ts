import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/core/raster.js';
import { createRng } from '../../../src/core/random.js';
import { hexToRgb } from '../../../src/pipelines/images/backgrounds/colour.js';
import { quoteCard, saleBanner, textCard } from '../../../src/pipelines/images/cards/card-templates.js';
import { bottleCutout } from './staging-helpers.js';

const LONG = 'Fresh summer deals on every bottle, this weekend only';
const SIZES = [
  [320, 320],
  [480, 270],
  [270, 480],
] as const;

/** Pixels within `band` px of the card's edges that are nearer the text colour than the background: text ink. */
function inkNearEdges(img: RgbaImage, band: number, text: string, background: string): number {
  const t = hexToRgb(text),
    b = hexToRgb(background);
  let ink = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      if (x >= band && y >= band && x < img.width - band && y < img.height - band) continue;
      const i = (y * img.width + x) * 4;
      const p = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      const dt = Math.hypot(p[0]! - t[0], p[1]! - t[1], p[2]! - t[2]);
      const db = Math.hypot(p[0]! - b[0], p[1]! - b[1], p[2]! - b[2]);
      if (dt < db) ink++;
    }
  return ink;
}

describe('cards keep their text inside the margins', () => {
  it('text, quote and sale cards wrap long text at 1:1, 16:9 and 9:16', async () => {
    for (const [width, height] of SIZES) {
      const band = Math.round(Math.min(width, height) * 0.04);
      const text = await textCard({ text: LONG, background: '#1e293b', textColor: '#ffffff', fontFamily: 'Montserrat', width, height }, createRng(1), 0);
      expect(inkNearEdges(text, band, '#ffffff', '#1e293b'), `text-card ${width}×${height}`).toBe(0);
      const quote = await quoteCard(
        { quote: LONG, author: 'The Summer Team', background: '#f5efe0', textColor: '#333333', fontFamily: 'Montserrat', width, height },
        createRng(1),
        0,
      );
      expect(inkNearEdges(quote, band, '#333333', '#f5efe0'), `quote-card ${width}×${height}`).toBe(0);
      const sale = await saleBanner(
        { headline: 'Fresh summer deals', subtitle: LONG, cta: 'Shop now', background: '#e11d48', textColor: '#ffffff', fontFamily: 'Poppins', width, height },
        createRng(1),
        0,
      );
      expect(inkNearEdges(sale, band, '#ffffff', '#e11d48'), `sale-banner ${width}×${height}`).toBe(0);
    }
  }, 60_000);

  it('the sale banner shows the product large (cropped to its outline), not as a speck', async () => {
    const { cutout } = await bottleCutout({ body: '#2e6fd8' });
    for (const [width, height] of SIZES) {
      const sale = await saleBanner(
        { headline: 'Summer sale', cta: 'Shop now', product: cutout, background: '#e11d48', textColor: '#ffffff', fontFamily: 'Poppins', width, height },
        createRng(1),
        0,
      );
      let blue = 0,
        minY: number = height,
        maxY = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (sale.data[i + 2]! > 170 && sale.data[i]! < 90) {
            blue++;
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
          }
        }
      expect(blue / (width * height), `${width}×${height}`).toBeGreaterThan(0.06);
      expect((maxY - minY) / height, `${width}×${height}`).toBeGreaterThan(0.3);
    }
  }, 60_000);
});
