import { z } from 'zod';
import { AI_SCRIPT_VIDEO_LENGTHS } from '../../domain/text/ai-script-service.js';
import { boundedNumber, numberChoice } from './bounded-number.js';

/** Form bodies send a list as repeated fields or one comma-separated value. */
const styleList = z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))]);

/**
 * The contract's AI Scripts body. `url` is a product page or a Link id; `link_id` (alias `link`)
 * takes a Link id; `platform` (alias `target_platform`) and `seed` are this service's additions.
 */
export const aiScriptBody = z
  .object({
    url: z.string().max(1000, 'Ensure this field has no more than 1000 characters.').nullish(),
    link_id: z.string().nullish(),
    link: z.string().nullish(),
    title: z.string().max(1000, 'Ensure this field has no more than 1000 characters.').nullish(),
    description: z.string().max(10_000, 'Ensure this field has no more than 10000 characters.').nullish(),
    language: z.string().max(16, 'Ensure this field has no more than 16 characters.').nullish(),
    target_audience: z.string().max(500, 'Ensure this field has no more than 500 characters.').nullish(),
    platform: z.string().max(100).nullish(),
    target_platform: z.string().max(100).nullish(),
    video_length: numberChoice(AI_SCRIPT_VIDEO_LENGTHS).nullish(),
    script_styles: styleList.nullish(),
    seed: boundedNumber(0, 2 ** 32 - 1, { integer: true }).nullish(),
  })
  .passthrough();
