import type { LinkFacts } from '../../domain/links/link-facts.js';

/** What the copywriter writes from: a link's facts, or a title and description given directly. */
export interface ProductFacts {
  title: string;
  description?: string;
  /** Selling points (the page's feature list); the description's own points follow them. */
  features?: string[];
  /** Name–value rows of the page's specifications table. */
  specs?: { name: string; value: string }[];
  price?: { amount: number; currency: string | null } | null;
  /** The link's reviews: `{rating, count, items: [{author, rating, text}]}`, a list of texts, or a text. */
  reviews?: unknown;
  /** Who the ad speaks to, as the caller wrote it (used verbatim). */
  audience?: string | null;
  /** Audiences guessed for the link (English phrases from `domain/links/link-facts.ts`). */
  audiences?: string[];
  /** Where the ad runs (tiktok, instagram, youtube, facebook …); it changes the call to action. */
  platform?: string | null;
  brand?: string | null;
  siteName?: string | null;
  /** One of the contract's industries; picks the category words ("skincare products"). */
  industry?: string | null;
  imageUrls?: string[];
  videoUrls?: string[];
  logoUrl?: string | null;
}

export function productFactsFromLink(link: LinkFacts, extra: { audience?: string | null; platform?: string | null } = {}): ProductFacts {
  return {
    title: link.title,
    description: link.description,
    ...(link.features?.length ? { features: link.features } : {}),
    ...(link.specs?.length ? { specs: link.specs } : {}),
    price: link.price,
    reviews: link.reviews,
    audience: extra.audience ?? null,
    audiences: link.aiTargetAudiences,
    platform: extra.platform ?? null,
    brand: link.brand,
    siteName: link.siteName,
    industry: link.aiIndustry,
    imageUrls: link.imageUrls,
    videoUrls: link.videoUrls,
    logoUrl: link.logoUrl,
  };
}
