import { z } from 'zod';
import { isoTime, taskStatus } from './task.js';
import { created, noContent, ok, paid, type OperationTable } from './operations.js';
import { pageOf } from './catalog.js';

const gender = z.enum(['male', 'female', 'non_binary']).nullable();

/** `voiceToWire` / `clonedVoiceAsVoice`: one voice in one accent. */
export const voiceResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    language: z.string(),
    accent: z.string().describe("The accent's name"),
    gender,
    preview_url: z.string().nullable(),
    engine: z.string(),
    locale: z.string(),
  })
  .describe('A voice');

/** `GET /api/voices/`: voices grouped by name, each accent a voice id. */
export const voiceGroupResponse = z.strictObject({
  name: z.string(),
  gender,
  accents: z.array(z.strictObject({ id: z.string(), accent_name: z.string(), language: z.string(), preview_url: z.string().nullable() })),
});

/** `clonedVoiceToWire`: a cloned voice in any state. */
export const clonedVoiceResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    status: taskStatus,
    preview_url: z.string().nullable(),
    language: z.string(),
    gender,
    progress: z.number(),
    failed_reason: z.string().nullable(),
    credits_used: z.number(),
    webhook_url: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .describe('A cloned voice');

export const voiceOperations: OperationTable = {
  'GET /api/voices/': ok(z.array(voiceGroupResponse)),
  'GET /api/voices/paginated/': ok(pageOf(voiceResponse)),
  'GET /api/voices/cloned/': ok(z.array(clonedVoiceResponse)),
  'GET /api/voices/:id/': ok(z.union([voiceResponse, clonedVoiceResponse])),
  'POST /api/voices/clone/': created(clonedVoiceResponse, paid),
  'POST /api/voices/': created(clonedVoiceResponse, paid),
  'DELETE /api/voices/:id/': { status: 204, body: noContent },
};
