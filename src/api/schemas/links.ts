import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { httpUrl, mediaUrl } from './common.js';

export const createLinkBody = z.object({ url: httpUrl(1000) });

// Pictures, clips and the logo are media: a URL or one of the account's uploads.
const urlList = z.array(mediaUrl(2000));

const linkParams = z.object({
  title: textUpTo(1000).optional(),
  description: z.string().optional(),
  image_urls: urlList.optional(),
  video_urls: urlList.optional(),
  reviews: z.unknown().optional(),
  logo_url: mediaUrl(200).nullish(),
});

/** A link is made from its pictures or clips: at least one of either. */
const SOME_MEDIA = ['image_urls', 'video_urls'].map((name) => ({ required: [name], properties: { [name]: { type: 'array', minItems: 1 } } }));

export const linkParamsBody = linkParams.meta({ anyOf: SOME_MEDIA });

export const updateLinkBody = linkParams.extend({
  url: httpUrl(1000).optional(),
  ai_summary: z.string().optional(),
});
