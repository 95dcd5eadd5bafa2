import { z } from 'zod';
import { httpUrl, mediaUrl, webhookUrl } from './common.js';

/** One label or several: JSON sends an array, a form may send a single value. */
const labels = z.union([z.array(z.string().max(100)).max(50), z.string().max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** Keywords are one comma-separated string in the contract; an array is joined. */
const keywords = z.union([z.string().max(1000), z.array(z.string().max(100)).max(50)]).transform((v) => (Array.isArray(v) ? v.join(', ') : v));
const media = mediaUrl(1000).nullish();

/**
 * POST /api/personas/ and /api/personas_v2/ share one body (the two differ in which fields are
 * required and which name is primary; the domain decides, so messages name the right field).
 * Media fields take a URL or a multipart file part (`upload:` value).
 */
export const customAvatarBody = z.object({
  name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  creator_name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  video_url: media,
  lipsync_input: media,
  image_url: media,
  gdown_url: httpUrl(1000).nullish(),
  consent_video: media,
  gender: z.string().max(20).nullish(),
  video_scene: z.string().max(1000).nullish(),
  keywords: keywords.nullish(),
  labels: labels.nullish(),
  webhook_url: webhookUrl,
}).passthrough();

export const customAvatarPatchBody = z.object({
  name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  creator_name: z.string().max(255, 'Ensure this field has no more than 255 characters.').nullish(),
  keywords: keywords.nullish(),
  labels: labels.nullish(),
}).passthrough();

export const customAvatarCount = z.object({ used: z.number(), limit: z.number(), remaining: z.number() });
