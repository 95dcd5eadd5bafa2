import { z } from 'zod';
import { mediaUrl, webhookUrl } from './common.js';

/** The contract's IAB Images body (§13): a picture URL (png, jpg/jpeg, webp) or an `upload:` reference. */
export const iabImagesBody = z
  .object({
    image: mediaUrl(2000),
    webhook_url: webhookUrl,
  })
  .passthrough();
