/**
 * Stock footage from a public library (Pexels, Pixabay) for the b-roll between product shots.
 * Only the search is here: the clip itself is downloaded by the caller through the `UrlFetcher`,
 * under the same rules as every other URL.
 */
export type StockSource = 'pexels' | 'pixabay';
export type StockOrientation = 'portrait' | 'landscape' | 'square';

/** The licence each library's footage is under (its own terms, not Creative Commons). */
export const STOCK_LICENCES: Record<StockSource, { name: string; url: string }> = {
  pexels: { name: 'Pexels License', url: 'https://www.pexels.com/license/' },
  pixabay: { name: 'Pixabay Content License', url: 'https://pixabay.com/service/license-summary/' },
};

/** One clip found, with the one rendition chosen to download and what crediting it needs. */
export interface StockClip {
  source: StockSource;
  /** The library's own id of the clip. */
  id: string;
  /** The MP4 rendition to download. */
  fileUrl: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  /** The clip's page on the library's site. */
  pageUrl: string;
  author: string;
  licence: string;
}

export interface StockQuery {
  /** Plain words, e.g. "trail drinks outdoors". */
  query: string;
  orientation: StockOrientation;
  /** Clips asked for (the library may clamp it). */
  perPage: number;
  signal?: AbortSignal;
}

export interface StockMediaSearch {
  /** Who answers: one library, or `pexels+pixabay` for a chain. */
  readonly name: string;
  /** Clips of the orientation asked, best first; [] when nothing fits. Rejects with `StockMediaError`. */
  search(q: StockQuery): Promise<StockClip[]>;
}

/** A library refused or failed (bad key, rate limit, outage, an answer that is not its JSON). */
export class StockMediaError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'StockMediaError';
  }
}
