import type { WrittenScript } from '../../domain/text/ai-script-service.js';
import type { Task } from '../../core/task.js';

/** The AI Scripts object: synchronous, so it is always done with its scripts. */
export function aiScriptToWire(t: Task) {
  const i = t.input as Record<string, any>;
  const product = (t.result.product ?? {}) as Record<string, any>;
  const scripts = (t.result.scripts ?? []) as WrittenScript[];
  return {
    id: t.id,
    status: t.status,
    progress: t.progress,
    url: i.url ?? null,
    link_id: i.linkId ?? null,
    title: i.title ?? null,
    description: i.description ?? null,
    language: i.language,
    target_audience: i.targetAudience ?? null,
    platform: i.platform ?? null,
    video_length: i.videoLength,
    script_styles: i.scriptStyles,
    seed: i.seed,
    product: {
      title: product.title ?? '',
      description: product.description ?? '',
      features: product.features ?? [],
      price: product.price ?? null,
      reviews: product.reviews ?? null,
      image_urls: product.imageUrls ?? [],
      video_urls: product.videoUrls ?? [],
      brand: product.brand ?? null,
      ai_industry: product.industry ?? null,
      ai_target_audiences: product.targetAudiences ?? [],
    },
    generated_scripts: scripts.map((s) => ({
      title: s.title,
      script_style: s.style,
      script_name: s.styleName,
      paragraphs: s.text,
      word_count: s.wordCount,
      estimated_duration: s.estimatedSeconds,
    })),
    credits_used: t.chargedMillicredits / 1000,
    failed_reason: t.failedReason,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}
