import { z } from 'zod';
import { isoTime } from './task.js';
import { created, ok, paid, type OperationTable } from './operations.js';
import { pageOf } from './catalog.js';

/** `api/wire/link.ts`. */
export const linkResponse = z
  .strictObject({
    id: z.string().describe('The id every other endpoint takes'),
    url: z.string().nullable(),
    link: z.strictObject({
      id: z.string(),
      url: z.string().nullable(),
      title: z.string(),
      description: z.string(),
      image_urls: z.array(z.string()),
      video_urls: z.array(z.string()),
      reviews: z.unknown().describe('As given or read from the page; null when none'),
      logo_url: z.string().nullable(),
      price: z.strictObject({ amount: z.number(), currency: z.string().nullable() }).nullable(),
      brand: z.string().nullable(),
      ai_summary: z.string(),
      ai_industry: z.string(),
      ai_target_audiences: z.array(z.string()),
    }),
    credits_used: z.number(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .describe('A link: the product facts videos are made from');

export const linkOperations: OperationTable = {
  'POST /api/links/': created(linkResponse, paid),
  'POST /api/links/link_with_params/': { ...ok(linkResponse, paid), creates: true },
  'POST /api/link_with_params/': { ...ok(linkResponse, paid), creates: true },
  'GET /api/links/': ok(z.array(linkResponse)),
  'GET /api/links/paginated/': ok(pageOf(linkResponse)),
  'GET /api/links/:id/': ok(linkResponse),
  'PUT /api/links/:id/': ok(linkResponse),
};
