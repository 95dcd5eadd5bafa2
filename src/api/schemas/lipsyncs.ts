import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { SPEAKABLE_PATTERN } from './choices.js';
import { aspectRatio, mediaUrl, webhookUrl } from './common.js';
import { captionOffset, flexBoolean } from './link-to-videos.js';

/** The contract's Lipsync body (AI Avatar v1: create and preview). */
export const lipsyncBody = z
  .object({
    aspect_ratio: aspectRatio,
    text: textUpTo(8000).meta({ pattern: SPEAKABLE_PATTERN }).nullish(),
    audio: mediaUrl(1024).nullish(),
    creator: z.string().nullish(),
    accent: z.string().nullish(),
    voice_id: z.string().nullish(),
    name: z.string().max(255).nullish(),
    model_version: z.enum(['standard', 'aurora_v1', 'aurora_v1_fast']).nullish(),
    green_screen: flexBoolean.nullish(),
    transparent_background: flexBoolean.nullish(),
    no_caption: flexBoolean.nullish(),
    no_music: flexBoolean.nullish(),
    caption_style: z.string().nullish(),
    caption_offset_x: captionOffset.nullish(),
    caption_offset_y: captionOffset.nullish(),
    background_asset_image_url: mediaUrl(1024).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .meta({
    // Something to say: text, or a recording.
    anyOf: [
      { required: ['text'], properties: { text: { type: 'string', pattern: SPEAKABLE_PATTERN } } },
      { required: ['audio'], properties: { audio: { type: 'string' } } },
    ],
  });
