import { z } from 'zod';
import { aiScriptResponse } from './ai-scripts.js';
import { auroraTaskResponse } from './aurora.js';
import { iabTaskResponse } from './iab-images.js';
import { assetCompatibleSchemaResponse, assetGenerationTaskResponse, assetSchemaResponse } from './asset-generation.js';
import { musicCategoryResponse, musicTrackResponse, pageOf, remainingCreditsResponse } from './catalog.js';
import { linkVideoTaskResponse } from './link-to-videos.js';
import { linkResponse } from './links.js';
import { lipsyncTaskResponse, lipsyncV1TaskResponse, lipsyncV2TaskResponse } from './lipsyncs.js';
import { customAvatarCountResponse, personaResponse } from './personas.js';
import { textStreamResponse, textTaskResponse } from './text-generator.js';
import { ttsTaskResponse } from './text-to-speech.js';
import { productVideoTaskResponse } from './product-videos.js';
import { aiEditingTaskResponse } from './ai-editing.js';
import { inspirationJobResponse, inspirationResponse } from './inspirations.js';
import { adCloneTaskResponse } from './ads-clone.js';
import { clonedVoiceResponse, voiceGroupResponse, voiceResponse } from './voices.js';
import { dyoaTemplateResponse, templateDetailResponse, templateJobResponse, templateResponse } from './custom-templates.js';
import { aiShortTaskResponse } from './ai-shorts.js';
import { taskEventStreamResponse } from './task-events.js';
import { taskListResponse } from './tasks.js';

/** A JSON success body, or a documented non-JSON one (the text stream's events). */
export type SuccessBody = z.ZodType | typeof textStreamResponse | typeof taskEventStreamResponse;

export interface Operation {
  /** The success status and its body. */
  status: 200 | 201 | 204;
  body: SuccessBody;
  /** Holds or charges credits, so 402 is possible. */
  holdsCredits?: boolean;
  /** Creates something, so it honours Idempotency-Key (409, 422). */
  creates?: boolean;
  /** Names a resource by id outside the path (404). */
  findsById?: boolean;
}

const noContent = z.null().describe('No content');
const ok = (body: SuccessBody, more: Omit<Operation, 'status' | 'body'> = {}): Operation => ({ status: 200, body, ...more });
const created = (body: SuccessBody, more: Omit<Operation, 'status' | 'body'> = {}): Operation => ({ status: 201, body, ...more, creates: true });
const paid = { holdsCredits: true } as const;

const textGenerator = (prefix: string): Record<string, Operation> => ({
  [`POST ${prefix}/`]: created(textTaskResponse, paid),
  [`POST ${prefix}/stream/`]: ok(textStreamResponse, paid),
  [`GET ${prefix}/`]: ok(z.array(textTaskResponse)),
  [`GET ${prefix}/:id/`]: ok(textTaskResponse),
});

/**
 * Every /api operation ("METHOD path" as the route registers it) → what it answers on success.
 * `api/openapi.ts` attaches these and the error responses to the routes; a route missing here
 * has no success schema, which the OpenAPI test catches. The bodies are exactly what the
 * `api/wire/` mappers build; tests parse real responses with them.
 */
export const operations: Record<string, Operation> = {
  'GET /api/remaining_credits/': ok(remainingCreditsResponse),

  'POST /api/links/': created(linkResponse, paid),
  'POST /api/links/link_with_params/': { ...ok(linkResponse, paid), creates: true },
  'POST /api/link_with_params/': { ...ok(linkResponse, paid), creates: true },
  'GET /api/links/': ok(z.array(linkResponse)),
  'GET /api/links/paginated/': ok(pageOf(linkResponse)),
  'GET /api/links/:id/': ok(linkResponse),
  'PUT /api/links/:id/': ok(linkResponse),

  'POST /api/text_to_speech/': created(ttsTaskResponse, paid),
  'GET /api/text_to_speech/': ok(z.array(ttsTaskResponse)),
  'GET /api/text_to_speech/paginated/': ok(pageOf(ttsTaskResponse)),
  'GET /api/text_to_speech/:id/': ok(ttsTaskResponse),

  'GET /api/voices/': ok(z.array(voiceGroupResponse)),
  'GET /api/voices/paginated/': ok(pageOf(voiceResponse)),
  'GET /api/voices/cloned/': ok(z.array(clonedVoiceResponse)),
  'GET /api/voices/:id/': ok(z.union([voiceResponse, clonedVoiceResponse])),
  'POST /api/voices/clone/': created(clonedVoiceResponse, paid),
  'POST /api/voices/': created(clonedVoiceResponse, paid),
  'DELETE /api/voices/:id/': { status: 204, body: noContent },

  'GET /api/music_categories/': ok(z.array(musicCategoryResponse)),
  'GET /api/musics/': ok(pageOf(musicTrackResponse)),

  'POST /api/link_to_videos/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/preview/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/preview_list_async/': created(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/render_single_preview/': ok(linkVideoTaskResponse, { ...paid, findsById: true }),
  'POST /api/link_to_videos/:id/render_single_preview/': ok(linkVideoTaskResponse, paid),
  'POST /api/link_to_videos/:id/render/': ok(linkVideoTaskResponse, paid),
  'GET /api/link_to_videos/': ok(z.array(linkVideoTaskResponse)),
  'GET /api/link_to_videos/:id/': ok(linkVideoTaskResponse),

  'GET /api/custom_templates/': ok(z.array(templateResponse)),
  'GET /api/custom_templates/:template_id/': ok(templateDetailResponse),
  'POST /api/custom_template_jobs/': created(templateJobResponse, paid),
  'POST /api/custom_template_jobs/preview_async/': created(templateJobResponse, paid),
  'POST /api/custom_template_jobs/preview/': created(templateJobResponse, paid),
  'GET /api/custom_template_jobs/:id/': ok(templateJobResponse),
  'POST /api/custom_template_jobs/:id/preview/': ok(templateJobResponse, paid),
  'POST /api/custom_template_jobs/:id/render/': ok(templateJobResponse, paid),
  'GET /api/dyoa/': ok(z.array(dyoaTemplateResponse)),

  'POST /api/lipsyncs/': created(lipsyncV1TaskResponse, paid),
  'POST /api/lipsyncs/preview/': created(lipsyncV1TaskResponse, paid),
  'POST /api/lipsyncs/:id/preview/': ok(lipsyncTaskResponse, paid),
  'POST /api/lipsyncs_v2/:id/preview/': ok(lipsyncTaskResponse, paid),
  'POST /api/lipsyncs/:id/render/': ok(lipsyncTaskResponse, paid),
  'GET /api/lipsyncs/': ok(z.array(lipsyncV1TaskResponse)),
  'GET /api/lipsyncs/:id/': ok(lipsyncTaskResponse),

  'POST /api/lipsyncs_v2/': created(lipsyncV2TaskResponse, paid),
  'POST /api/lipsyncs_v2/preview/': created(lipsyncV2TaskResponse, paid),
  'POST /api/lipsyncs_v2/:id/render/': ok(lipsyncV2TaskResponse, paid),
  'GET /api/lipsyncs_v2/': ok(z.array(lipsyncV2TaskResponse)),
  'GET /api/lipsyncs_v2/:id/': ok(lipsyncV2TaskResponse),

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

  'POST /api/aurora/': created(auroraTaskResponse, paid),
  'GET /api/aurora/': ok(z.array(auroraTaskResponse)),
  'GET /api/aurora/:id/': ok(auroraTaskResponse),

  'POST /api/iab_images/': created(iabTaskResponse, paid),
  'GET /api/iab_images/': ok(z.array(iabTaskResponse)),
  'GET /api/iab_images/:id/': ok(iabTaskResponse),
  'POST /api/product_to_videos/gen_image/': created(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/gen_video/': ok(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/regen_image/': created(productVideoTaskResponse, paid),
  'POST /api/product_to_videos/:id/regen_video/': ok(productVideoTaskResponse, paid),
  'GET /api/product_to_videos/': ok(z.array(productVideoTaskResponse)),
  'GET /api/product_to_videos/:id/': ok(productVideoTaskResponse),
  'GET /api/ai_generation/schema/': ok(assetSchemaResponse),
  'GET /api/asset_generator/schemas/': ok(assetCompatibleSchemaResponse),
  'POST /api/ai_generation/': created(assetGenerationTaskResponse, paid),
  'GET /api/ai_generation/': ok(z.array(assetGenerationTaskResponse)),
  'GET /api/ai_generation/:id/': ok(assetGenerationTaskResponse),
  'POST /api/asset_generator/': created(assetGenerationTaskResponse, paid),
  'GET /api/asset_generator/': ok(z.array(assetGenerationTaskResponse)),
  'GET /api/asset_generator/:id/': ok(assetGenerationTaskResponse),

  'POST /api/ai_editing/': created(aiEditingTaskResponse, paid),
  'POST /api/ai_editing/preview/': created(aiEditingTaskResponse, paid),
  'GET /api/ai_editing/': ok(z.array(aiEditingTaskResponse)),
  'GET /api/ai_editing/:id/': ok(aiEditingTaskResponse),
  'POST /api/ai_editing/:id/preview/': ok(aiEditingTaskResponse, paid),
  'POST /api/ai_editing/:id/render/': ok(aiEditingTaskResponse, paid),
  'GET /api/inspirations/': ok(z.array(inspirationResponse)),
  'GET /api/inspirations/:id/': ok(inspirationResponse),
  'POST /api/inspiration_jobs/': created(inspirationJobResponse, { ...paid, findsById: true }),
  'GET /api/inspiration_jobs/': ok(z.array(inspirationJobResponse)),
  'GET /api/inspiration_jobs/:id/': ok(inspirationJobResponse),

  'POST /api/ads_clone/': created(adCloneTaskResponse, paid),
  'GET /api/ads_clone/': ok(z.array(adCloneTaskResponse)),
  'GET /api/ads_clone/:id/': ok(adCloneTaskResponse),

  'POST /api/ai_scripts/': created(aiScriptResponse, paid),
  'GET /api/ai_scripts/': ok(z.array(aiScriptResponse)),
  'GET /api/ai_scripts/:id/': ok(aiScriptResponse),

  'POST /api/ai_shorts/': created(aiShortTaskResponse, paid),
  'POST /api/ai_shorts/preview/': created(aiShortTaskResponse, paid),
  'POST /api/ai_shorts/:id/render/': ok(aiShortTaskResponse, paid),
  'GET /api/ai_shorts/': ok(z.array(aiShortTaskResponse)),
  'GET /api/ai_shorts/:id/': ok(aiShortTaskResponse),

  ...textGenerator('/api/text_generator'),
  ...textGenerator('/sse/text_generator'),

  // An extension of the contract: live status and progress of any task of the caller.
  'GET /api/tasks/:id/events': ok(taskEventStreamResponse),
  // An extension of the contract: the caller's tasks of every group in one paginated list.
  'GET /api/tasks/': ok(taskListResponse),
};
