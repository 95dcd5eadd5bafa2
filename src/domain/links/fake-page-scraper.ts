import { FetchRefused } from '../../core/errors.js';
import type { PageScraper, ScrapedPage } from './link-facts.js';

/** A page as read, or the refusal (`FetchRefused`, any error) reading it fails with. */
export type FakePage = Partial<ScrapedPage> | Error;

/**
 * An in-memory `PageScraper` for unit tests: URL → page (missing parts empty). Unknown URLs answer
 * 404 as the fetcher would. `scraped` lists the URLs asked for, so a test can see none was read.
 */
export function fakePageScraper(pages: Record<string, FakePage> = {}): PageScraper & { scraped: string[] } {
  const scraped: string[] = [];
  const scrape = async (url: string): Promise<ScrapedPage> => {
    scraped.push(url);
    const page = pages[url];
    if (!page) throw new FetchRefused('Server answered 404 Not Found');
    if (page instanceof Error) throw page;
    return { title: '', description: '', imageUrls: [], videoUrls: [], logoUrl: null, price: null, reviews: null, ...page };
  };
  return Object.assign(scrape, { scraped });
}
