import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { HttpUrlFetcher } from '../../../src/engines/fetch/index.js';
import { scrapeLink } from '../../../src/pipelines/links/scrape-link.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const PAGE = `<!doctype html><html><head><title>Pour-over Kettle</title>
<script type="application/ld+json">{"@type":"Product","name":"Pour-over Kettle","image":"/img/kettle.jpg",
"offers":{"price":"59.00","priceCurrency":"USD"}}</script></head>
<body><video src="/media/kettle.mp4"></video></body></html>`;

let server: PageServer;
const limits = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 };

beforeAll(async () => {
  server = await startPageServer({
    '/go': { status: 302, headers: { location: '/shop/kettle' } },
    '/shop/kettle': { headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }, body: gzipSync(PAGE) },
    '/feed.json': { headers: { 'content-type': 'application/json' }, body: '{}' },
  });
});
afterAll(() => server.close());

describe('scrapeLink over the real fetcher', () => {
  it('follows the redirect, decompresses, and absolutises against the final URL', async () => {
    const facts = await scrapeLink(server.url('/go'), new HttpUrlFetcher({ allowPrivate: true, ...limits }));
    expect(facts.title).toBe('Pour-over Kettle');
    expect(facts.imageUrls).toEqual([server.url('/img/kettle.jpg')]);
    expect(facts.videoUrls).toEqual([server.url('/media/kettle.mp4')]);
    expect(facts.price).toEqual({ amount: 59, currency: 'USD' });
  });

  it('refuses the loopback page unless private URLs are allowed', async () => {
    const err = await scrapeLink(server.url('/go'), new HttpUrlFetcher({ allowPrivate: false, ...limits })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as Error).message).toMatch(/^Failed to scrape url: URL points at a private address \(127\.0\.0\.1 is loopback\)/);
  });

  it('refuses something that is not a page', async () => {
    const err = await scrapeLink(server.url('/feed.json'), new HttpUrlFetcher({ allowPrivate: true, ...limits })).catch((e: unknown) => e);
    expect((err as Error).message).toBe('Failed to scrape url: Expected an HTML page but the file is a JSON document');
  });
});
