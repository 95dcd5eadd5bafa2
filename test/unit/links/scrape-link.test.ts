import { describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/index.js';
import { PAGE_MAX_BYTES, scrapeLink } from '../../../src/pipelines/links/scrape-link.js';

const PAGE = `<html><head><meta property="og:title" content="Trail Shoe"><meta property="og:image" content="/img/shoe.jpg"></head></html>`;

describe('scrapeLink', () => {
  it('fetches as HTML and reads facts against the final URL', async () => {
    const fetcher = new FakeUrlFetcher({
      'https://short.test/x': { body: PAGE, contentType: 'text/html', finalUrl: 'https://shop.test/p/shoe' },
    });
    const facts = await scrapeLink('https://short.test/x', fetcher);
    expect(facts.title).toBe('Trail Shoe');
    expect(facts.imageUrls).toEqual(['https://shop.test/img/shoe.jpg']);
    expect(fetcher.requests[0]?.opts).toMatchObject({ accept: ['html'], maxBytes: PAGE_MAX_BYTES });
  });

  it('decodes the page with the declared charset', async () => {
    const body = Buffer.from('<title>Cr\xe8me br\xfbl\xe9e torch</title>', 'latin1');
    const fetcher = new FakeUrlFetcher({ 'https://s.test/': { body, contentType: 'text/html; charset=ISO-8859-1' } });
    expect((await scrapeLink('https://s.test/', fetcher)).title).toBe('Crème brûlée torch');
  });

  it.each([
    ['a page that is missing', 'https://s.test/missing', 'Failed to scrape url: Server answered 404 Not Found'],
    ['an image instead of a page', 'https://s.test/photo', 'Failed to scrape url: Expected an HTML page but the file is a picture (PNG)'],
    ['a refused address', 'https://s.test/private', 'Failed to scrape url: URL points at a private address (10.0.0.1 is private-network)'],
  ])('wraps the reason for %s', async (_name, url, message) => {
    const fetcher = new FakeUrlFetcher({
      'https://s.test/photo': { body: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' },
      'https://s.test/private': new FetchRefused('URL points at a private address (10.0.0.1 is private-network)'),
    });
    const err = await scrapeLink(url, fetcher).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as Error).message).toBe(message);
  });

  it('lets a cancellation through untouched', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    controller.abort(reason);
    const fetcher = new FakeUrlFetcher({ 'https://s.test/': { body: PAGE, contentType: 'text/html' } });
    await expect(scrapeLink('https://s.test/', fetcher, { signal: controller.signal })).rejects.toBe(reason);
  });
});
