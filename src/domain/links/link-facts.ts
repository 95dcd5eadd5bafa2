import type { CategorySignals } from './industry/category-signals.js';
import { classifyPage, classifyText, INDUSTRY_MODEL_VERSION } from './industry/classify-industry.js';

export type { CategorySignals } from './industry/category-signals.js';

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
  /** The page's feature list as written (absent on links read before it was extracted). */
  features?: string[];
  /** The page's specifications table (absent likewise). */
  specs?: { name: string; value: string }[];
  /** Where the shop files the product (absent on links read before it was extracted, and when the page says nothing). */
  categorySignals?: CategorySignals;
}

/** What the service knows about a product page; videos are made from these facts. */
export interface LinkFacts extends Omit<ScrapedPage, 'siteName' | 'brand'> {
  innerId: string;
  brand: string | null;
  siteName: string | null;
  aiSummary: string;
  aiIndustry: string;
  /** Which version of the industry model classed it (`INDUSTRY_MODEL_VERSION`); absent on links classed before issue 27. */
  aiIndustryModel?: string;
  aiTargetAudiences: string[];
}

/** A scraped page's fields as a link keeps them: names it does not give are null, empty lists left out. */
export function pageFieldsOf(page: ScrapedPage): Omit<LinkFacts, 'innerId' | 'aiSummary' | 'aiIndustry' | 'aiIndustryModel' | 'aiTargetAudiences'> {
  return {
    title: page.title,
    description: page.description,
    imageUrls: page.imageUrls,
    videoUrls: page.videoUrls,
    logoUrl: page.logoUrl,
    price: page.price,
    reviews: page.reviews ?? null,
    brand: page.brand ?? null,
    siteName: page.siteName ?? null,
    ...(page.features?.length ? { features: page.features } : {}),
    ...(page.specs?.length ? { specs: page.specs } : {}),
    ...(page.categorySignals ? { categorySignals: page.categorySignals } : {}),
  };
}

export type PageScraper = (url: string, signal?: AbortSignal) => Promise<ScrapedPage>;

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
  Appliances: ['homeowners', 'home cooks', 'busy families'],
  'Household Products': ['busy households', 'home cooks', 'families'],
  'Business Services': ['small business owners', 'team leads', 'founders'],
  'E-Commerce': ['online shoppers', 'deal hunters'],
  'Financial Services': ['young professionals', 'savers', 'first-time investors'],
  'Life Services': ['busy households', 'local residents'],
  'News & Entertainment': ['readers and listeners', 'fans', 'weekend bingers'],
  Travel: ['travellers', 'weekend adventurers', 'frequent flyers'],
  'Vehicle & Transportation': ['drivers', 'commuters', 'road trippers'],
  Others: ['online shoppers', 'value seekers'],
};

/** A bare text's industry (a prompt, or a title with its description): weighted keywords, no model (`industry/`). */
export function classifyIndustry(text: string): string {
  return classifyText(text);
}

/** The facts with their industry (and audiences) read again by the current model. */
export function reclassified(facts: LinkFacts): LinkFacts {
  const industry = classifyPage(facts).industry;
  return { ...facts, aiIndustry: industry, aiIndustryModel: INDUSTRY_MODEL_VERSION, aiTargetAudiences: targetAudiencesFor(industry) };
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
  const industry = classifyPage(page).industry;
  return {
    innerId,
    ...pageFieldsOf(page),
    aiSummary: summarise(page.title, page.description),
    aiIndustry: industry,
    aiIndustryModel: INDUSTRY_MODEL_VERSION,
    aiTargetAudiences: targetAudiencesFor(industry),
  };
}
