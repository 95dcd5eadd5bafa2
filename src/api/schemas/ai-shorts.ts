import { z } from 'zod';
import { requiredText, textUpTo } from './text-field.js';
import { MAX_SHORT_SCRIPT_CHARS } from '../../domain/shorts/ai-short-service.js';
import { SHORT_STYLES, shortStyleNamed } from '../../domain/shorts/short-styles.js';
import { namedChoice, SPEAKABLE_PATTERN } from './choices.js';
import { aspectRatio, webhookUrl } from './common.js';
import { captionSetting, soundtrackFields } from './link-to-videos.js';

/** The contract's Shorts body (create and preview); `voice_id` is an alias of `accent`. */
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
  })
  .passthrough();
