import { customAvatarRoutes } from '../../api/routes/custom-avatars.js';
import { personaRoutes } from '../../api/routes/personas.js';
import { personaOperations } from '../../api/schemas/responses/personas.js';
import { customAvatarToWire, customAvatarSummary } from '../../api/wire/custom-avatar.js';
import { customAvatarKind } from '../../domain/avatars/custom-avatar-kind.js';
import { CUSTOM_AVATAR_PREVIEW_PREFIX } from '../../domain/avatars/custom-avatars.js';
import { buildCustomAvatarJob } from '../../jobs/handlers/build-custom-avatar.js';
import { builtinAvatarPreviews } from '../../pipelines/avatar/builtin-previews.js';
import { customAvatarPreviewVideos } from '../../pipelines/avatar/custom/custom-avatar-previews.js';
import { defineGroup } from './group.js';

/**
 * Avatars (the contract's personas): the catalog of built-in and custom avatars with their preview
 * videos, and the custom avatars' own creates. Their services are the platform's: every video
 * group names avatars.
 */
export const personas = defineGroup({
  name: 'Avatars',
  kinds: [{ kind: customAvatarKind, toWire: customAvatarToWire, summary: customAvatarSummary }],
  operations: personaOperations,
  build: (p) => {
    const { blobs, ffmpeg, faces, customAvatars } = p;
    p.lazyBlobs.register('avatar-previews/', builtinAvatarPreviews({ catalog: p.speech.catalog, engines: p.speech.engines, ffmpeg, slot: p.previewSlot }));
    p.lazyBlobs.register(
      CUSTOM_AVATAR_PREVIEW_PREFIX,
      customAvatarPreviewVideos({
        records: (accountId, id) => customAvatars.record(accountId, id),
        blobs,
        ffmpeg,
        faces,
        synthesizer: p.speech.synthesizer,
        fallbackVoiceId: p.defaultVoice,
        slot: p.previewSlot,
      }),
    );
    return {
      routes: (app) => {
        personaRoutes(app, { personas: p.personas, blobs, publicBaseUrl: p.config.publicBaseUrl });
        customAvatarRoutes(app, { customAvatars, blobs });
      },
      jobs: [buildCustomAvatarJob({ faces, ffmpeg, blobs, taskExists: async (id) => (await p.store.tasks.get(id)) !== null })],
    };
  },
});
