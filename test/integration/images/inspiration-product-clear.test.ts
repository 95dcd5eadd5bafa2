import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/random.js';
import type { RgbaImage } from '../../../src/core/raster.js';
import { saleBanner } from '../../../src/pipelines/images/cards/card-templates.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { describeMeasure, markedProduct, measureProductBox } from '../../helpers/product-box-pixels.js';

/**
 * Inspirations that place a product with words (flash-sale-banner, story-sale-poster: the sale
 * card): the marked product cut out (a square, the worst shape for a column beside it), then the
 * headline, the discount badge, the subtitle and the button laid out by the card. No pixel of
 * them may fall on the product's body, in any variation.
 */
describe('Inspirations: the sale card never lays words, badge or button over the product (pixels)', () => {
  let dir: string;
  let product: RgbaImage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inspiration-clear-'));
    product = await decodeImage(await markedProduct(join(dir, 'product.png'), 400));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const cases = [
    { name: 'flash-sale-banner 1280x720', width: 1280, height: 720, discount: '-30%', cta: 'Shop now' },
    { name: 'story-sale-poster 1080x1920', width: 1080, height: 1920, subtitle: 'Cold for 24 hours, hot for 12', cta: 'Shop now' },
    { name: 'a square sale card 1080x1080', width: 1080, height: 1080, discount: '-30%', subtitle: 'This week only', cta: 'Shop now' },
  ];
  for (const c of cases) {
    it(`${c.name}: the product whole, no foreign pixel on its body, with the badge at the top and at the bottom`, async () => {
      const report: string[] = [];
      for (const variation of [0, 1]) {
        const { name: _name, ...size } = c;
        const card = await saleBanner(
          { ...size, headline: 'Northpeak TrailFlask Summer Sale', background: '#1D3557', textColor: '#FFFFFF', fontFamily: 'Poppins', product },
          createRng(7 + variation),
          variation,
        );
        const m = measureProductBox(card, {});
        report.push(describeMeasure(`${c.name} v${variation}`, m));
        for (const [corner, n] of Object.entries(m.markers)) expect(n, `v${variation}: ${corner} corner`).toBeGreaterThan(100);
        expect(m.foreign, `v${variation}: pixels laid over the product's body`).toBe(0);
      }
      console.log(report.join('\n'));
    }, 60_000);
  }
});
