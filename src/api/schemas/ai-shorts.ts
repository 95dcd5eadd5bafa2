import { z } from 'zod';
import { requiredText, textUpTo } from './text-field.js';
import { MAX_SHORT_SCRIPT_CHARS } from '../../domain/shorts/ai-short-service.js';
import { SHORT_STYLES, shortStyleNamed } from '../../domain/shorts/short-styles.js';
import { namedChoice, SPEAKABLE_PATTERN } from './choices.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { captionSetting, soundtrackFields } from './link-to-videos.js';

/**
 * The contract's Shorts body (create and preview); `voice_id` is an alias of `accent`.
 * Extensions (the contract's body has no product): `link` and `product_images`, the product that
 * stands in at least a third of the scenes.
 */
export const aiShortBody = z
  .object({
    script: requiredText(MAX_SHORT_SCRIPT_CHARS).meta({ pattern: SPEAKABLE_PATTERN }),
    aspect_ratio: aspectRatio,
    // Case and spacing forgiven ("pixel_art"); the message lists the ten styles.
    style: namedChoice(SHORT_STYLES, (name) => Boolean(shortStyleNamed(name))),
    accent: z.string().nullish(),
    voice_id: z.string().nullish(),
    caption_setting: captionSetting.nullish(),
    ...soundtrackFields(1000),
    name: textUpTo(255).nullish(),
    webhook_url: webhookUrl,
    link: textUpTo(255).nullish().describe('Extension: a Link id (POST /api/links/). Its product photos (and name) stand in at least a third of the scenes.'),
    product_images: z
      .array(mediaUrl(2000))
      .max(4)
      .nullish()
      .describe(
        'Extension: up to 4 product photo URLs (PNG, JPEG or WebP); they stand in at least a third of the scenes. With `link`, they are used instead of its photos.',
      ),
  })
  .passthrough();
