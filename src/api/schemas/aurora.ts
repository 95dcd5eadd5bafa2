import { z } from 'zod';
import { AURORA_MODELS, AURORA_RESOLUTIONS } from '../../domain/avatars/aurora-models.js';
import { MAX_RETENTION_DAYS } from '../../domain/tasks/retention.js';
import { httpUrl, mediaUrl, webhookUrl } from './common.js';

const number = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'A valid number is required.').transform(Number)]);
const integer = z.union([z.number().int(), z.string().regex(/^\d+$/, 'A valid integer is required.').transform(Number)]);

/** The contract's Aurora body. */
export const auroraBody = z.object({
  image: mediaUrl(2000),
  audio: mediaUrl(2000),
  name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  text_prompt: z.string().max(2000, 'Ensure this field has no more than 2000 characters.').nullish(),
  prompt_guidance_scale: number
    .refine((n) => n >= 0, 'Ensure this value is greater than or equal to 0.')
    .refine((n) => n <= 3, 'Ensure this value is less than or equal to 3.')
    .nullish(),
  model_version: z.enum(AURORA_MODELS as [string, ...string[]]).nullish(),
  resolution: z.enum(AURORA_RESOLUTIONS as [string, ...string[]]).nullish(),
  ttl_days: integer
    .refine((n) => n >= 1, 'Ensure this value is greater than or equal to 1.')
    .refine((n) => n <= MAX_RETENTION_DAYS, `Ensure this value is less than or equal to ${MAX_RETENTION_DAYS}.`)
    .nullish(),
  output_upload_url: httpUrl(2000).nullish(),
  webhook_url: webhookUrl,
}).passthrough();
