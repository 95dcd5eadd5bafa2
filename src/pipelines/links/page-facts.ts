import type { CategorySignals } from '../../domain/links/link-facts.js';

/** What a product page says about itself, as read by `readProductPage`. */
export interface Price {
  amount: number;
  /** ISO 4217 code as the page gives it, upper-cased; null when the page names none. */
  currency: string | null;
}

export interface ReviewItem {
  author?: string;
  /** On the page's own scale (usually 1–5). */
  rating?: number;
  text: string;
}

export interface Reviews {
  /** Average rating. */
  rating?: number;
  /** How many ratings or reviews the average is over. */
  count?: number;
  items: ReviewItem[];
}

/** One row of a specifications table ("Battery life" – "30 hours"). */
export interface Spec {
  name: string;
  value: string;
}

export interface PageFacts {
  /** Empty when the page has none. */
  title: string;
  /** Empty when the page has none. */
  description: string;
  /** Absolute http(s) URLs, deduplicated, the page's declared images (JSON-LD, Open Graph) first. */
  imageUrls: string[];
  videoUrls: string[];
  logoUrl: string | null;
  price: Price | null;
  reviews: Reviews | null;
  siteName?: string;
  brand?: string;
  /** The page's own list of features or highlights, as written; absent when it has none. */
  features?: string[];
  /** Its specifications table; absent when it has none. */
  specs?: Spec[];
  /** Where the shop files the product (category, breadcrumbs, og:type, keywords); absent when the page says none. */
  categorySignals?: CategorySignals;
}
