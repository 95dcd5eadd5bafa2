import { z } from 'zod';
import { mediaUrl, webhookUrl } from './common.js';
import { textUpTo } from './text-field.js';

/**
 * The contract's IAB Images body (§13): a picture URL (png, jpg/jpeg, webp) or an `upload:`
 * reference. Extensions: `link` (a Link id: its logo, name and price go on the banners with a
 * button; `image` may then be left out for the link's first picture) and `call_to_action` (the
 * button's words, with a link).
 */
export const iabImagesBody = z
  .object({
    image: mediaUrl(2000).optional(),
    link: textUpTo(255)
      .optional()
      .describe('Extension: a Link id (POST /api/links/). Its logo, product name and price are drawn on every banner, with a button.'),
    call_to_action: textUpTo(24).optional().describe('Extension: the button\'s words when `link` is given (default "Shop now").'),
    webhook_url: webhookUrl,
  })
  .passthrough()
  .superRefine((b, ctx) => {
    if (!b.image && !b.link) ctx.addIssue({ code: 'custom', path: ['image'], message: 'This field is required.' });
  })
  // `image` or `link` is required: the document says so as text-to-speech does (an allOf of anyOf), so typed clients require one.
  // A button's words go with a link (the service refuses `call_to_action` alone): the document says that too.
  .meta({
    allOf: [
      {
        anyOf: (['image', 'link'] as const).map((name) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string', minLength: 1 } } })),
      },
      { dependentRequired: { call_to_action: ['link'] } },
    ],
  });
