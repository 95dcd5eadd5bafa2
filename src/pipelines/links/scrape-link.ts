import { FetchRefused } from '../../core/errors.js';
import type { FetchedResource, UrlFetcher } from '../../engines/fetch/port.js';
import { decodeHtml } from './decode-html.js';
import type { PageFacts } from './page-facts.js';
import { readProductPage } from './read-page.js';

/** Shop pages with inlined scripts reach a few MB; anything far beyond is not a page to read. */
export const PAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface ScrapeOptions {
  signal?: AbortSignal;
  /** Lowers the fetcher's own time limit for this page. */
  timeoutMs?: number;
}

/**
 * Fetches a product page and reads its facts. URLs inside the facts are absolute against the
 * page's final address (after redirects). A page that cannot be fetched throws `FetchRefused`
 * "Failed to scrape url: <reason>"; cancellation rethrows the signal's reason untouched.
 */
export async function scrapeLink(url: string, fetcher: UrlFetcher, opts: ScrapeOptions = {}): Promise<PageFacts> {
  let page: FetchedResource;
  try {
    page = await fetcher.fetch(url, { accept: ['html'], maxBytes: PAGE_MAX_BYTES, ...opts });
  } catch (err) {
    if (err instanceof FetchRefused) throw new FetchRefused(`Failed to scrape url: ${err.message}`);
    throw err;
  }
  return readProductPage(decodeHtml(page.body, page.charset), page.finalUrl);
}
