import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { AURORA_MODELS, AURORA_RESOLUTIONS } from '../../domain/avatars/aurora-models.js';
import { MAX_RETENTION_DAYS } from '../../domain/tasks/retention.js';
import { boundedNumber } from './bounded-number.js';
import { httpUrl, mediaUrl, webhookUrl } from './common.js';

/** The contract's Aurora body. */
export const auroraBody = z
  .object({
    image: mediaUrl(2000),
    audio: mediaUrl(2000),
    name: textUpTo(255).nullish(),
    text_prompt: textUpTo(2000).nullish(),
    prompt_guidance_scale: boundedNumber(0, 3).nullish(),
    model_version: z.enum(AURORA_MODELS as [string, ...string[]]).nullish(),
    resolution: z.enum(AURORA_RESOLUTIONS as [string, ...string[]]).nullish(),
    ttl_days: boundedNumber(1, MAX_RETENTION_DAYS, { integer: true }).nullish(),
    output_upload_url: httpUrl(2000).nullish(),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .meta({
    // resolution is aurora_v2's alone: the other models render at their own size.
    anyOf: [{ required: ['model_version'], properties: { model_version: { const: 'aurora_v2' } } }, { properties: { resolution: { type: 'null' } } }],
  });
