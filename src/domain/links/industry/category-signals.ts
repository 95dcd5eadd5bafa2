/**
 * Where the shop files the product, as the page declares it: the most reliable signals of its
 * industry, because the shop chose them to sort its own catalogue.
 */
export interface CategorySignals {
  /** JSON-LD `category` and `product:category` values as written ("Sports & Outdoors > Water Bottles"). */
  categories?: string[];
  /** The breadcrumb trail, without "Home" and without the product itself. */
  breadcrumbs?: string[];
  /** `og:type` when it says more than "product" or "website" ("books.book", "video.movie"). */
  ogType?: string;
  /** The `keywords` meta tag, split. */
  keywords?: string[];
}
