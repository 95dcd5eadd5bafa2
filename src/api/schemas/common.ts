import { z } from 'zod';
import { textUpTo } from './text-field.js';
import { boundedNumber } from './bounded-number.js';
import { MEDIA_REF_PATTERN } from '../../core/uploads.js';

export const errorBody = z.object({ detail: z.string(), code: z.string() });
export const fieldErrorBody = z.record(z.string(), z.array(z.string()));

export const idParams = z.object({ id: z.string() });

/** `ids=a,b,c` (up to 100) and `ordering=-created_at`. */
export const listQuery = z.object({
  ids: z.string().optional(),
  ordering: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).optional(),
});

/** The largest page number or size a query may name (a 32-bit count); page sizes above 100 are then clamped. */
export const MAX_PAGE_QUERY_VALUE = 2 ** 31 - 1;

/** Every paginated list's query; `api/pagination.ts` reads it (`limit` is another name for `page_size`). */
export const pageQuery = z.object({
  page: boundedNumber(1, MAX_PAGE_QUERY_VALUE, { integer: true }).optional(),
  page_size: boundedNumber(1, MAX_PAGE_QUERY_VALUE, { integer: true }).optional(),
  limit: boundedNumber(1, MAX_PAGE_QUERY_VALUE, { integer: true })
    .optional()
    .describe('Another name for page_size, as many clients send it; page_size wins when both are given'),
});

export const httpUrl = (max: number) => textUpTo(max).regex(/^https?:\/\/\S+$/i, 'Enter a valid URL.');

/**
 * A media field: an http(s) URL, or a file sent as a multipart part (`upload:<id>`, see
 * core/uploads.ts; whose it is, `api/upload-refs.ts` checks after validation). Every field the
 * service fetches media from is one of these; `httpUrl` is for addresses that are not media
 * (pages to read, webhooks, upload destinations), and the test upload-fields.test.ts holds the
 * list of those, so a new media field cannot be left URL-only by mistake.
 */
export const mediaUrl = (max: number) => textUpTo(max).regex(MEDIA_REF_PATTERN, 'Enter a valid URL.');

export const webhookUrl = httpUrl(200).nullish();

export const aspectRatio = z.enum(['16:9', '9:16', '1:1', '16x9', '9x16', '1x1']);
