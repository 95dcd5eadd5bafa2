import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { readFeatureList, readSpecs } from '../../../src/pipelines/links/page-lists.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { readVisiblePrice, readVisibleRating } from '../../../src/pipelines/links/visible-facts.js';
import { FACTS_PAGE, FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';

describe('facts a page shows only as markup', () => {
  const facts = readProductPage(FACTS_PAGE_HTML, 'https://verda.test/p/bloom');

  it('reads the rating and its count from the visible rating line', () => {
    expect(facts.reviews?.rating).toBe(4.8);
    expect(facts.reviews?.count).toBe(1243);
  });

  it('reads the current price, not the struck-through one', () => {
    expect(facts.price).toEqual({ amount: 49.9, currency: 'USD' });
  });

  it('reads the list under "Features", not the menu or the footer', () => {
    expect(facts.features).toEqual(FACTS_PAGE.features);
  });

  it('reads the specifications table as name–value rows', () => {
    expect(facts.specs).toEqual(FACTS_PAGE.specs);
  });

  it('reads review snippets and the brand', () => {
    expect(facts.reviews?.items.map((i) => i.text)).toContain(FACTS_PAGE.review);
    expect(facts.brand).toBe('Verda');
  });

  it('reads other rating and price wordings', () => {
    const $ = load('<p>Rated 4.6/5 · 312 ratings</p><div id="price-now">19,90 €</div>');
    expect(readVisibleRating($)).toEqual({ rating: 4.6, count: 312 });
    expect(readVisiblePrice($)).toEqual({ amount: 19.9, currency: 'EUR' });
    expect(readVisibleRating(load('<span>★ 4.9 (2.104 reviews)</span>'))).toEqual({ rating: 4.9, count: 2104 });
  });

  it('takes a highlights box and a <dl>, and finds nothing on a page without them', () => {
    const $ = load(
      '<div class="product-highlights"><ul><li>Waterproof to 50 m</li><li>Two-year battery</li></ul></div><dl><dt>Size</dt><dd>42 mm</dd><dt>Strap</dt><dd>Silicone</dd></dl>',
    );
    expect(readFeatureList($)).toEqual(['Waterproof to 50 m', 'Two-year battery']);
    expect(readSpecs($)).toEqual([
      { name: 'Size', value: '42 mm' },
      { name: 'Strap', value: 'Silicone' },
    ]);
    const bare = load('<nav><ul><li><a href="/">Home</a></li><li><a href="/x">X</a></li></ul></nav><p>Just text.</p>');
    expect(readFeatureList(bare)).toEqual([]);
    expect(readSpecs(bare)).toEqual([]);
  });
});
