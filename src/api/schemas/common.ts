import { z } from 'zod';

export const errorBody = z.object({ detail: z.string(), code: z.string() });
export const fieldErrorBody = z.record(z.string(), z.array(z.string()));

export const idParams = z.object({ id: z.string() });

/** `ids=a,b,c` (up to 100) and `ordering=-created_at`. */
export const listQuery = z.object({
  ids: z.string().optional(),
  ordering: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).optional(),
});

export const pageQuery = z.object({
  page: z.string().regex(/^\d+$/, 'A valid integer is required.').refine((v) => Number(v) >= 1, 'Ensure this value is greater than or equal to 1.').optional(),
  page_size: z.string().regex(/^\d+$/, 'A valid integer is required.').refine((v) => Number(v) >= 1, 'Ensure this value is greater than or equal to 1.').optional(),
});

export const httpUrl = (max: number) =>
  z.string().max(max, `Ensure this field has no more than ${max} characters.`).regex(/^https?:\/\/\S+$/i, 'Enter a valid URL.');

/** A media field: an http(s) URL, or a file sent as a multipart part (`upload:` value, see domain/uploads.ts). */
export const mediaUrl = (max: number) =>
  z.string().max(max, `Ensure this field has no more than ${max} characters.`).regex(/^(https?:\/\/\S+|upload:uploads\/\S+)$/i, 'Enter a valid URL.');

export const webhookUrl = httpUrl(200).nullish();

export const aspectRatio = z.enum(['16:9', '9:16', '1:1', '16x9', '9x16', '1x1']);
