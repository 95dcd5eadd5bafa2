/** What the service knows about a product page; videos are made from these facts. */
export interface LinkFacts {
  innerId: string;
  title: string;
  description: string;
  imageUrls: string[];
  videoUrls: string[];
  logoUrl: string | null;
  price: { amount: number; currency: string | null } | null;
  reviews: unknown;
  brand: string | null;
  siteName: string | null;
  aiSummary: string;
  aiIndustry: string;
  aiTargetAudiences: string[];
  /** The page's feature list as written (absent on links read before it was extracted). */
  features?: string[];
  /** The page's specifications table (absent likewise). */
  specs?: { name: string; value: string }[];
}

/** A page as read by the scraper (pipelines/links). */
export interface ScrapedPage {
  title: string;
  description: string;
  imageUrls: string[];
  videoUrls: string[];
  logoUrl: string | null;
  price: { amount: number; currency: string | null } | null;
  reviews: unknown;
  siteName?: string | null;
  brand?: string | null;
  features?: string[];
  specs?: { name: string; value: string }[];
}

export type PageScraper = (url: string, signal?: AbortSignal) => Promise<ScrapedPage>;

const industries: [string, RegExp][] = [
  ['Beauty & Personal Care', /\b(skin|serum|cream|lotion|makeup|cosmetic|shampoo|beauty|lipstick|moisturi[sz]er|fragrance|perfume)\b/i],
  ['Apparel & Accessories', /\b(shirt|dress|shoe|sneaker|jacket|hoodie|jeans|apparel|fashion|bag|wallet|watch|jewel)/i],
  ['Tech & Electronics', /\b(phone|laptop|headphone|earbud|speaker|camera|charger|usb|bluetooth|wireless|smart ?watch|gadget|electronic)/i],
  ['Food & Beverage', /\b(coffee|tea|snack|food|drink|beverage|chocolate|protein|organic|recipe|flavou?r)/i],
  ['Health', /\b(vitamin|supplement|health|fitness|wellness|sleep|pain|posture)/i],
  ['Home Improvement', /\b(furniture|sofa|lamp|kitchen|decor|mattress|pillow|garden|tool|drill)/i],
  ['Pets', /\b(dog|cat|pet|puppy|kitten)\b/i],
  ['Sports & Outdoors', /\b(yoga|running|bike|cycling|camping|hiking|outdoor|sport|gym)/i],
  ['Baby Kids & Maternity', /\b(baby|kids?|toddler|maternity|toy)\b/i],
  ['Apps', /\b(app|software|saas|download|subscription|platform)\b/i],
  ['Education', /\b(course|learn|lesson|class|tutor|education)/i],
  ['Games', /\b(game|gaming|console|controller)\b/i],
];

const audiences: Record<string, string[]> = {
  'Beauty & Personal Care': ['skincare enthusiasts', 'busy professionals', 'gift shoppers'],
  'Apparel & Accessories': ['style-conscious shoppers', 'young adults', 'gift shoppers'],
  'Tech & Electronics': ['tech enthusiasts', 'remote workers', 'commuters'],
  'Food & Beverage': ['foodies', 'health-conscious eaters', 'busy families'],
  Health: ['health-conscious adults', 'fitness beginners', 'people with busy lifestyles'],
  'Home Improvement': ['homeowners', 'renters decorating', 'DIY fans'],
  Pets: ['dog and cat owners', 'new pet parents'],
  'Sports & Outdoors': ['active people', 'weekend adventurers'],
  'Baby Kids & Maternity': ['new parents', 'expecting parents', 'gift shoppers'],
  Apps: ['productivity seekers', 'small business owners'],
  Education: ['lifelong learners', 'students', 'career changers'],
  Games: ['gamers', 'teens and young adults'],
  Others: ['online shoppers', 'value seekers'],
};

/** Plain keyword rules, documented as such: no model is involved. */
export function classifyIndustry(text: string): string {
  return industries.find(([, re]) => re.test(text))?.[0] ?? 'Others';
}

export function targetAudiencesFor(industry: string): string[] {
  return audiences[industry] ?? audiences.Others!;
}

/** Extractive summary: the first two sentences of the description (or the title). */
export function summarise(title: string, description: string): string {
  const sentences =
    description
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]*/g) ?? [];
  const summary = sentences
    .slice(0, 2)
    .map((s) => s.trim())
    .join(' ');
  return (summary || title).slice(0, 500);
}

export function factsFrom(page: ScrapedPage, innerId: string): LinkFacts {
  const text = `${page.title} ${page.description}`;
  const industry = classifyIndustry(text);
  return {
    innerId,
    title: page.title,
    description: page.description,
    imageUrls: page.imageUrls,
    videoUrls: page.videoUrls,
    logoUrl: page.logoUrl,
    price: page.price,
    reviews: page.reviews ?? null,
    brand: page.brand ?? null,
    siteName: page.siteName ?? null,
    aiSummary: summarise(page.title, page.description),
    aiIndustry: industry,
    aiTargetAudiences: targetAudiencesFor(industry),
    ...(page.features?.length ? { features: page.features } : {}),
    ...(page.specs?.length ? { specs: page.specs } : {}),
  };
}
