import type { PageScraper } from '../domain/links/link-facts.js';
import { HttpUrlFetcher } from '../engines/fetch/http-url-fetcher.js';
import { scrapeLink } from '../pipelines/links/scrape-link.js';
import type { Config } from './config.js';

export function createFetcher(config: Config): HttpUrlFetcher {
  return new HttpUrlFetcher({ allowPrivate: config.allowPrivateUrls, timeoutMs: config.fetch.timeoutMs, maxBytes: config.fetch.maxBytes, maxRedirects: config.fetch.maxRedirects });
}

export function createLinkScraper(config: Config): PageScraper {
  const fetcher = createFetcher(config);
  return async (url) => {
    const facts = await scrapeLink(url, fetcher);
    return {
      title: facts.title,
      description: facts.description,
      imageUrls: facts.imageUrls,
      videoUrls: facts.videoUrls,
      logoUrl: facts.logoUrl,
      price: facts.price,
      reviews: facts.reviews,
      siteName: facts.siteName ?? null,
      brand: facts.brand ?? null,
    };
  };
}
