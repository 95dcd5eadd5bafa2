import type { PageScraper } from '../../domain/links/link-facts.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { scrapeLink } from './scrape-link.js';

/** A product page's facts as the link services store them (the `PageScraper` port); absent names are null. */
export function linkPageScraper(fetcher: UrlFetcher): PageScraper {
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
      ...(facts.features ? { features: facts.features } : {}),
      ...(facts.specs ? { specs: facts.specs } : {}),
      ...(facts.categorySignals ? { categorySignals: facts.categorySignals } : {}),
    };
  };
}
