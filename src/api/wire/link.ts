import { storedLinkFacts } from '../../domain/links/link-facts-schema.js';
import type { LinkRecord } from '../../core/store.js';

export function linkToWire(l: LinkRecord) {
  const f = storedLinkFacts(l.facts);
  return {
    id: l.id,
    url: l.url,
    link: {
      id: f.innerId,
      url: l.url,
      title: f.title,
      description: f.description,
      image_urls: f.imageUrls,
      video_urls: f.videoUrls,
      reviews: f.reviews ?? null,
      logo_url: f.logoUrl,
      price: f.price,
      brand: f.brand,
      ai_summary: f.aiSummary,
      ai_industry: f.aiIndustry,
      ai_target_audiences: f.aiTargetAudiences,
    },
    credits_used: l.chargedMillicredits / 1000,
    created_at: l.createdAt,
    updated_at: l.updatedAt,
  };
}
