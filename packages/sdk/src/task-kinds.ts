import type { paths } from './generated/openapi-types.js';

/**
 * Every kind of task the service runs, by group: where it is read, listed, created and followed
 * up. The client builds `create…`/`…AndWait` helpers from this table, so a new task kind is one
 * entry here; test/integration/sdk/sdk-task-kinds.test.ts checks each path against the service's
 * document and that every task-creating POST of the document is in it.
 */
export const TASK_KINDS = {
  textToSpeech: { get: '/api/text_to_speech/{id}/', list: '/api/text_to_speech/', creates: { create: '/api/text_to_speech/' }, followUps: {} },
  linkToVideos: {
    get: '/api/link_to_videos/{id}/',
    list: '/api/link_to_videos/',
    creates: {
      create: '/api/link_to_videos/',
      createPreview: '/api/link_to_videos/preview/',
      createPreviewList: '/api/link_to_videos/preview_list_async/',
      renderSinglePreview: '/api/link_to_videos/render_single_preview/',
    },
    followUps: { render: '/api/link_to_videos/{id}/render/' },
  },
  avatarVideos: {
    get: '/api/lipsyncs/{id}/',
    list: '/api/lipsyncs/',
    creates: { create: '/api/lipsyncs/', createPreview: '/api/lipsyncs/preview/' },
    followUps: { preview: '/api/lipsyncs/{id}/preview/', render: '/api/lipsyncs/{id}/render/' },
  },
  avatarVideosV2: {
    get: '/api/lipsyncs_v2/{id}/',
    list: '/api/lipsyncs_v2/',
    creates: { create: '/api/lipsyncs_v2/', createPreview: '/api/lipsyncs_v2/preview/' },
    followUps: { preview: '/api/lipsyncs_v2/{id}/preview/', render: '/api/lipsyncs_v2/{id}/render/' },
  },
  aurora: { get: '/api/aurora/{id}/', list: '/api/aurora/', creates: { create: '/api/aurora/' }, followUps: {} },
  productVideos: {
    get: '/api/product_to_videos/{id}/',
    list: '/api/product_to_videos/',
    creates: { genImage: '/api/product_to_videos/gen_image/' },
    followUps: {
      genVideo: '/api/product_to_videos/{id}/gen_video/',
      regenImage: '/api/product_to_videos/{id}/regen_image/',
      regenVideo: '/api/product_to_videos/{id}/regen_video/',
    },
  },
  aiEditing: {
    get: '/api/ai_editing/{id}/',
    list: '/api/ai_editing/',
    creates: { create: '/api/ai_editing/', createPreview: '/api/ai_editing/preview/' },
    followUps: { preview: '/api/ai_editing/{id}/preview/', render: '/api/ai_editing/{id}/render/' },
  },
  aiShorts: {
    get: '/api/ai_shorts/{id}/',
    list: '/api/ai_shorts/',
    creates: { create: '/api/ai_shorts/', createPreview: '/api/ai_shorts/preview/' },
    followUps: { render: '/api/ai_shorts/{id}/render/' },
  },
  customTemplateJobs: {
    get: '/api/custom_template_jobs/{id}/',
    list: null,
    creates: {
      create: '/api/custom_template_jobs/',
      createPreview: '/api/custom_template_jobs/preview_async/',
      createPreviewBlocking: '/api/custom_template_jobs/preview/',
    },
    followUps: { preview: '/api/custom_template_jobs/{id}/preview/', render: '/api/custom_template_jobs/{id}/render/' },
  },
  textGenerator: { get: '/api/text_generator/{id}/', list: '/api/text_generator/', creates: { create: '/api/text_generator/' }, followUps: {} },
  aiScripts: { get: '/api/ai_scripts/{id}/', list: '/api/ai_scripts/', creates: { create: '/api/ai_scripts/' }, followUps: {} },
  assetGenerator: { get: '/api/asset_generator/{id}/', list: '/api/asset_generator/', creates: { create: '/api/asset_generator/' }, followUps: {} },
  // The same operations by the spec's paths (the asset_generator ones are the compatible API's aliases).
  aiGeneration: { get: '/api/ai_generation/{id}/', list: '/api/ai_generation/', creates: { create: '/api/ai_generation/' }, followUps: {} },
  iabImages: { get: '/api/iab_images/{id}/', list: '/api/iab_images/', creates: { create: '/api/iab_images/' }, followUps: {} },
  voiceClones: { get: '/api/voices/{id}/', list: '/api/voices/cloned/', creates: { create: '/api/voices/clone/' }, followUps: {} },
  customAvatars: { get: '/api/personas/{id}/', list: null, creates: { create: '/api/personas/', createV2: '/api/personas_v2/' }, followUps: {} },
  inspirationJobs: { get: '/api/inspiration_jobs/{id}/', list: '/api/inspiration_jobs/', creates: { create: '/api/inspiration_jobs/' }, followUps: {} },
  adClone: { get: '/api/ads_clone/{id}/', list: '/api/ads_clone/', creates: { create: '/api/ads_clone/' }, followUps: {} },
} as const satisfies Record<string, TaskKindPaths>;

interface TaskKindPaths {
  get: keyof paths;
  list: keyof paths | null;
  creates: Record<string, keyof paths>;
  followUps: Record<string, keyof paths>;
}

export type TaskKindName = keyof typeof TASK_KINDS;
