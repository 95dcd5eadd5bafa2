import { z } from 'zod';
import { INDUSTRY_MODEL_VERSION } from './industry/classify-industry.js';
import { reclassified, type LinkFacts } from './link-facts.js';

/**
 * `LinkFacts` as stored (a Link's `facts`, and the product frozen into video and script tasks):
 * read back through this instead of a cast. Tied to the interface, so the two cannot drift apart;
 * fields added after the first Links default, so older rows still read.
 */
export const linkFactsSchema: z.ZodType<LinkFacts> = z.object({
  innerId: z.string().default(''),
  title: z.string().default(''),
  description: z.string().default(''),
  imageUrls: z.array(z.string()).default([]),
  videoUrls: z.array(z.string()).default([]),
  logoUrl: z.string().nullable().default(null),
  price: z.object({ amount: z.number(), currency: z.string().nullable() }).nullable().default(null),
  reviews: z.unknown(),
  brand: z.string().nullable().default(null),
  siteName: z.string().nullable().default(null),
  aiSummary: z.string().default(''),
  aiIndustry: z.string().default(''),
  aiIndustryModel: z.string().optional(),
  aiTargetAudiences: z.array(z.string()).default([]),
  // Read from pages since issue 14; older rows have none, and then the copywriter reads the description.
  features: z.array(z.string()).optional(),
  specs: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  // Read from pages since issue 27 (the industry's strongest signals); older rows have none.
  categorySignals: z
    .object({
      categories: z.array(z.string()).optional(),
      breadcrumbs: z.array(z.string()).optional(),
      ogType: z.string().optional(),
      keywords: z.array(z.string()).optional(),
    })
    .optional(),
});

/**
 * A stored Link's facts; a row that does not read gives empty facts rather than a 500. A link
 * classed by an earlier industry model (a steel bottle saved as "Food & Beverage") is classed again.
 */
export function storedLinkFacts(stored: Record<string, unknown>): LinkFacts {
  const parsed = linkFactsSchema.safeParse(stored);
  if (!parsed.success) return linkFactsSchema.parse({});
  return parsed.data.aiIndustryModel === INDUSTRY_MODEL_VERSION ? parsed.data : reclassified(parsed.data);
}

/** Facts as the Link row stores them (plain JSON). */
export function linkFactsRecord(facts: LinkFacts): Record<string, unknown> {
  return { ...facts };
}
