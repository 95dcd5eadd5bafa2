import { pageFieldsOf, type PageScraper } from '../../domain/links/link-facts.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { scrapeLink } from './scrape-link.js';

/** A product page's facts as the link services store them (the `PageScraper` port); absent names are null. */
export function linkPageScraper(fetcher: UrlFetcher): PageScraper {
  return async (url) => pageFieldsOf(await scrapeLink(url, fetcher));
}
