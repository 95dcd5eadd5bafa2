import { describe, expect, it } from 'vitest';
import type { AspectRatio } from '../../../src/media/timeline.js';
import { measureTextWidth } from '../../../src/pipelines/images/text/canvas-fonts.js';
import { plateGeometry, type Rect, type TextPlate } from '../../../src/pipelines/images/text/text-plate.js';
import type { AdMaterials } from '../../../src/pipelines/video/ad-materials.js';
import type { Box, Decorate } from '../../../src/pipelines/video/avatar-scenes/scene-styles.js';
import { styleScene } from '../../../src/pipelines/video/avatar-scenes/scene-styles.js';
import { END_CARD_LAYOUT, endCardPlate, endCardWords } from '../../../src/pipelines/video/end-card.js';
import { boxPx, layoutFrame } from '../../../src/pipelines/video/frame-text.js';
import { overlaps, rectOf } from '../../../src/pipelines/video/product-area.js';
import { layOut } from '../../../src/pipelines/video/visual-styles.js';
import { PRODUCT_PAGES } from '../../fixtures/product-pages/product-pages.js';

/**
 * Every text box of the URL-to-video and v2 layouts, for the test pages' longest names and
 * labels: the fitted lines, measured again with the canvas at the size they are drawn, lie inside
 * their area, no font goes below its floor, and the text is complete (no word lost, no "…").
 */

const ASPECTS: AspectRatio[] = ['9:16', '16:9', '1:1'];
const words = (text: string) => text.split(/\s+/).filter(Boolean);
const priceOf = (p: (typeof PRODUCT_PAGES)[number]) => new Intl.NumberFormat('en', { style: 'currency', currency: p.price.currency }).format(p.price.amount);
const byLength = (xs: readonly string[]) => [...xs].sort((a, b) => b.length - a.length);
const LONGEST_TITLES = byLength(PRODUCT_PAGES.map((p) => p.title)).slice(0, 6);
const LONGEST_FEATURES = byLength(PRODUCT_PAGES.flatMap((p) => p.features)).slice(0, 6);

const inside = (r: Rect, w: number, h: number) => r.x >= -0.5 && r.y >= -0.5 && r.x + r.width <= w + 0.5 && r.y + r.height <= h + 0.5;

/** A plate's every line, pill and panel inside the plate; each line as wide as the canvas measures it now. */
function expectInside(plate: TextPlate, what: string): void {
  const g = plateGeometry(plate);
  for (const line of g.lines) {
    expect(inside(line.rect, plate.width, plate.height), `${what}: "${line.text}" ${JSON.stringify(line.rect)} in ${plate.width}×${plate.height}`).toBe(true);
    const b = plate.blocks[line.block]!;
    expect(measureTextWidth(line.text, b.font, b.fitted.fontPx)).toBeLessThanOrEqual(line.rect.width + 0.01);
  }
  for (const r of [g.panel, ...g.pills]) if (r) expect(inside(r, plate.width, plate.height), `${what}: panel ${JSON.stringify(r)}`).toBe(true);
  for (const b of plate.blocks) {
    expect(b.fitted.fits, what).toBe(true);
    expect(b.fitted.lines.join(' '), what).not.toMatch(/…|\.\.\.$/);
  }
}

/** A Decorate that keeps every text plate it is asked to draw. */
function recorder(): { decorate: Decorate; plates: { box: Box; plate: TextPlate }[] } {
  const plates: { box: Box; plate: TextPlate }[] = [];
  const decorate = ((kind: string, box: Box, plate?: TextPlate) => {
    if (kind === 'text' && plate) plates.push({ box, plate });
    return `/deco/${kind}-${plates.length}.png`;
  }) as Decorate;
  return { decorate, plates };
}

function materials(page: (typeof PRODUCT_PAGES)[number], aspectRatio: AspectRatio, decorate: Decorate, title = page.title): AdMaterials {
  const words = Array.from({ length: 30 }, (_, i) => ({ word: `w${i}`, startSeconds: i * 0.4, endSeconds: i * 0.4 + 0.3 }));
  return {
    aspectRatio,
    durationSeconds: 15,
    speechEndSeconds: 12,
    words,
    images: ['/p/image-0.png'],
    videos: [],
    logoPath: '/p/logo.png',
    avatar: null,
    headline: title,
    highlights: byLength(page.features).slice(0, 6),
    priceText: priceOf(page),
    cta: { title: 'Shop now', subtitle: priceOf(page) },
    palette: { primary: '#1E3A8A', accent: '#F59E0B', text: '#111827' },
    endCardSeconds: 2,
    decorate,
  };
}

describe('end card text (every test page, 9:16, 16:9 and 1:1)', () => {
  for (const aspect of ASPECTS) {
    it(`${aspect}: the whole name, the price large and the button inside the text column, clear of the product and the logo`, () => {
      const { short } = layoutFrame(aspect);
      const layout = END_CARD_LAYOUT[aspect];
      const area = boxPx(aspect, layout.text.box);
      // The column, the product and the logo are apart and inside the frame.
      const [text, product, logo] = [layout.text, layout.product, layout.logo].map((p) => rectOf(p.position, p.box));
      for (const r of [text!, product!, logo!]) expect(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= 1 && r.y1 <= 1).toBe(true);
      expect(overlaps(text!, product!) || overlaps(text!, logo!) || overlaps(product!, logo!)).toBe(false);
      for (const page of PRODUCT_PAGES) {
        const plate = endCardPlate(endCardWords(materials(page, aspect, null as never)), area, short);
        expectInside(plate, `${aspect} ${page.id}`);
        const [name, price, button] = [plate.blocks[0]!, plate.blocks.find((b) => b.fitted.text === priceOf(page))!, plate.blocks.at(-1)!];
        // The name whole: every word of the title, in order (its short form only if the whole fits nowhere; it fits on every page).
        expect(words(name.fitted.lines.join(' ')), page.id).toEqual(words(page.title));
        expect(name.fitted.fontPx).toBeGreaterThanOrEqual(short * 0.036 - 1e-6);
        // The price: its own line, more than twice the name's size, at least half the column's width.
        expect(price.fitted.lines).toEqual([priceOf(page)]);
        expect(price.fitted.fontPx).toBeGreaterThanOrEqual(2 * name.fitted.fontPx);
        expect(price.fitted.width / area.width).toBeGreaterThanOrEqual(0.45);
        expect(button.fitted.lines).toEqual(['Shop now']);
        expect(button.pill).toBeDefined();
      }
    });
  }

  it('a name too long for any size of its column uses its short form, never a cut one', () => {
    const long =
      'Northpeak TrailFlask 32 oz Insulated Stainless Steel Water Bottle with Chug Lid, Straw Lid and Carry Loop for Hiking, Camping, Gym and Office Use';
    const plate = endCardPlate(
      { name: long, shortName: 'Northpeak TrailFlask', price: '$34.95', cta: 'Shop now', accent: '#F59E0B' },
      { width: 520, height: 420 },
      1080,
    );
    expect(plate.blocks[0]!.fitted).toMatchObject({ text: 'Northpeak TrailFlask', shortened: true, fits: true });
    expectInside(plate, 'short form');
  });
});

describe('labels of the URL-to-video styles (the longest features and titles of the test pages)', () => {
  for (const aspect of ASPECTS) {
    it(`${aspect}: FeatureHighlight, MotionCards, Dramatic and TwitterFrame labels are whole and inside their boxes`, () => {
      const { short } = layoutFrame(aspect);
      for (const [i, title] of LONGEST_TITLES.entries()) {
        const page = PRODUCT_PAGES.find((p) => p.title === title)!;
        for (const style of ['FeatureHighlightTemplate', 'MotionCardsTemplate', 'DramaticTemplate', 'TwitterFrameTemplate']) {
          const { decorate, plates } = recorder();
          const m = materials(page, aspect, decorate);
          // The longest features of all pages, in turn, as this page's highlights.
          m.highlights = [LONGEST_FEATURES[i % LONGEST_FEATURES.length]!, ...LONGEST_FEATURES];
          layOut(style, m);
          const labels = plates.filter((p) => p.plate.blocks.length === 1);
          expect(labels.length, style).toBeGreaterThan(0);
          for (const { box, plate } of labels) {
            // The plate is laid out at the size its box has in the full frame.
            const px = boxPx(aspect, box);
            expect(plate.width).toBeCloseTo(px.width, 6);
            expect(plate.height).toBeCloseTo(px.height, 6);
            expectInside(plate, `${aspect} ${style}`);
            const fitted = plate.blocks[0]!.fitted;
            expect(fitted.fontPx).toBeGreaterThanOrEqual(short * 0.038 - 1e-6);
            const source = [title, ...m.highlights].find((t) => words(t).join(' ') === words(fitted.lines.join(' ')).join(' '));
            expect(source, `${style}: "${fitted.lines.join(' / ')}" is a whole title or feature`).toBeDefined();
          }
        }
      }
    });
  }
});

describe('v2 scene labels', () => {
  for (const aspect of ASPECTS) {
    it(`${aspect}: TwitterFrame shows a long presenter name whole beside the round picture`, () => {
      const { short } = layoutFrame(aspect);
      for (const name of ['Dr. Maximiliana Okafor-Vanderberg', 'Amara Okafor', 'Jean-Baptiste Emmanuel Zorg de la Fontaine']) {
        const { decorate, plates } = recorder();
        const look = styleScene('TwitterFrame', { aspectRatio: aspect, picture: null, avatarName: name, decorate });
        expect(plates).toHaveLength(1);
        const { plate, box } = plates[0]!;
        expectInside(plate, `${aspect} ${name}`);
        expect(words(plate.blocks[0]!.fitted.lines.join(' '))).toEqual(words(name));
        expect(plate.blocks[0]!.fitted.fontPx).toBeGreaterThanOrEqual(short * 0.03 - 1e-6);
        // Beside the presenter's round picture, not over it, and inside the frame.
        const head = rectOf(look.avatar!.position, look.avatar!.box);
        const layer = look.above.find((l) => l.kind === 'image')!;
        const byline = rectOf(layer.position!, box);
        expect(overlaps(head, byline)).toBe(false);
        expect(byline.x0 >= 0 && byline.x1 <= 1 && byline.y0 >= 0 && byline.y1 <= 1).toBe(true);
      }
    });
  }
});
