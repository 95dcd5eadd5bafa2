import { z } from 'zod';
import { isoTime } from './task.js';
import { created, noContent, ok, type OperationTable } from './operations.js';
import { pageOf } from './catalog.js';

const aspectUrl = z.string().nullable();

/** `api/wire/persona.ts`: built-in or custom, v1 or v2. */
export const personaResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    status: z.enum(['processing', 'active', 'failed']),
    thumbnail: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
    version: z.enum(['v1', 'v2']),
    consent_verified: z.boolean().nullable(),
    creator_name: z.string().describe('= name'),
    gender: z.string().nullable(),
    age_range: z.string().nullable(),
    location: z.string().nullable(),
    style: z.string().nullable(),
    suitable_industries: z.array(z.string()),
    keywords: z.string().describe('Comma-separated'),
    labels: z.array(z.string()),
    video_scene: z.string().nullable(),
    preview_image_16_9: aspectUrl,
    preview_image_1_1: aspectUrl,
    preview_image_9_16: aspectUrl,
    preview_video_16_9: aspectUrl,
    preview_video_1_1: aspectUrl,
    preview_video_9_16: aspectUrl,
    landscape_preview_video: aspectUrl,
    squared_preview_video: aspectUrl,
    portrait_preview_video: aspectUrl,
    is_active: z.boolean(),
    process_status: z.enum(['processing', 'active', 'failed']),
    failed_reason: z.string().nullable(),
    default_voice_id: z.string().nullable().describe('The voice the avatar speaks with when a request names none'),
    is_builtin: z.boolean(),
    // Custom avatars only: the media they were made from, and how close the consent's face was.
    image_url: z.string().nullable().optional(),
    video_url: z.string().nullable().optional(),
    lipsync_input_url: z.string().nullable().optional(),
    consent_video: z.string().nullable().optional(),
    consent_distance: z.number().nullable().optional(),
  })
  .describe('An avatar (persona)');

export const customAvatarCountResponse = z.strictObject({ used: z.number(), limit: z.number(), remaining: z.number() });

/** The avatars catalog (built-in and custom) and the custom avatars' own operations. */
export const personaOperations: OperationTable = {
  'GET /api/personas/': ok(
    z.union([z.array(personaResponse), pageOf(personaResponse)]).describe('An array; the pagination envelope when page, page_size or limit is given'),
  ),
  'GET /api/personas/paginated/': ok(pageOf(personaResponse)),
  'GET /api/personas-paginated/': ok(pageOf(personaResponse)),
  'GET /api/personas/:id/': ok(personaResponse),
  'GET /api/personas_v2/': ok(z.array(personaResponse)),
  'GET /api/personas_v2/paginated/': ok(pageOf(personaResponse)),

  // Custom avatars cost 0 credits; they are limited by count (a 400 at the limit).
  'POST /api/personas/': created(personaResponse),
  'POST /api/personas_v2/': created(personaResponse),
  'GET /api/personas_v2/count/': ok(customAvatarCountResponse),
  'PATCH /api/personas/:id/': ok(personaResponse),
  'DELETE /api/personas/:id/': { status: 204, body: noContent },
  'DELETE /api/personas_v2/:id/': { status: 204, body: noContent },
};
