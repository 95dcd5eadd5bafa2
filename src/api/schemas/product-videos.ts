import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { mediaUrl, webhookUrl } from './common.js';

const prompt = (max: number) => textUpTo(max).nullish();

/** POST /api/product_to_videos/gen_image/ (contract §5). */
export const productGenImageBody = z
  .object({
    product_url: mediaUrl(200),
    type: z.enum(['product_anyshot']).nullish(),
    aspect_ratio: z.enum(['16:9', '9:16', '1:1', '4:5', '16x9', '9x16', '1x1', '4x5']).nullish(),
    image_prompt: prompt(2000),
    override_avatar: textUpTo(100).nullish(),
    product_showcase_url: mediaUrl(200).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough();

export const productGenVideoBody = z
  .object({
    motion_style: z.enum(['talking', 'display']).nullish(),
    video_prompt: prompt(2000),
    webhook_url: webhookUrl,
  })
  .passthrough();

export const productRegenImageBody = z
  .object({
    image_prompt: prompt(2000),
    webhook_url: webhookUrl,
  })
  .passthrough();
