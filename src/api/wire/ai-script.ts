import type { Task } from '../../core/task.js';
import { aiScriptKind } from '../../domain/text/ai-script-kind.js';
import { at, field, firstOf, none, type TaskSummaryFields } from './task-summary.js';

/** The AI Scripts object: synchronous, so it is always done with its scripts. */
export function aiScriptToWire(t: Task) {
  const i = aiScriptKind.shownInputOf(t);
  const r = aiScriptKind.shownResultOf(t);
  const product = r.product;
  const scripts = r.scripts ?? [];
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
      title: product?.title ?? '',
      description: product?.description ?? '',
      features: product?.features ?? [],
      price: product?.price ?? null,
      reviews: product?.reviews ?? null,
      image_urls: product?.imageUrls ?? [],
      video_urls: product?.videoUrls ?? [],
      brand: product?.brand ?? null,
      ai_industry: product?.industry ?? null,
      ai_target_audiences: product?.targetAudiences ?? [],
    },
    generated_scripts: scripts.map((s) => ({
      title: s.title,
      script_style: s.style,
      script_name: s.styleName,
      paragraphs: s.text,
      word_count: s.wordCount,
      estimated_duration: s.estimatedSeconds,
      writer: s.writer ?? 'built-in',
    })),
    credits_used: t.chargedMillicredits / 1000,
    failed_reason: t.failedReason,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

export const aiScriptSummary: TaskSummaryFields = {
  group: 'ai_scripts',
  name: firstOf(field('title'), at('product', 'title')),
  thumbnail: none,
  output: none,
};
