import { describe, expect, it } from 'vitest';
import { FakeUrlFetcher } from '../../../src/engines/fetch/index.js';
import { linkPageScraper } from '../../../src/pipelines/links/page-scraper.js';

describe('link page scraper (the PageScraper port)', () => {
  it("answers a page's facts in the link services' shape, absent names as null", async () => {
    const fetcher = new FakeUrlFetcher({
      'https://shop.test/p': {
        body: '<html><head><meta property="og:title" content="Trail Shoe"><meta property="og:image" content="/img/shoe.jpg"></head></html>',
        contentType: 'text/html',
      },
    });
    const facts = await linkPageScraper(fetcher)('https://shop.test/p');
    expect(facts).toEqual({
      title: 'Trail Shoe',
      description: expect.any(String),
      imageUrls: ['https://shop.test/img/shoe.jpg'],
      videoUrls: [],
      logoUrl: null,
      price: null,
      reviews: null,
      siteName: null,
      brand: null,
    });
    expect(Object.keys(facts).sort()).toEqual(['brand', 'description', 'imageUrls', 'logoUrl', 'price', 'reviews', 'siteName', 'title', 'videoUrls']);
  });

  it('keeps the site name and brand a page states', async () => {
    const fetcher = new FakeUrlFetcher({
      'https://shop.test/q': {
        body: '<html><head><meta property="og:site_name" content="Trailhead"><script type="application/ld+json">{"@type":"Product","name":"Trail Shoe","brand":{"@type":"Brand","name":"Peak"}}</script></head></html>',
        contentType: 'text/html',
      },
    });
    expect(await linkPageScraper(fetcher)('https://shop.test/q')).toMatchObject({ siteName: 'Trailhead', brand: 'Peak' });
  });
});
