import type { ClonedVoiceService } from '../../domain/speech/cloned-voice-service.js';
import type { VoiceCatalog } from '../../domain/catalog/voices.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { filterVoices, findVoice, groupVoicesByName, type VoiceGroup } from '../../domain/catalog/voices.js';
import { NotFound } from '../../core/errors.js';
import { pageParams, paginate } from '../pagination.js';
import { idParams } from '../schemas/common.js';
import { cloneVoiceBody, voicesPageQuery, type CloneVoiceBody } from '../schemas/voices.js';
import { clonedVoiceAsVoice, clonedVoiceToWire, voiceToWire } from '../wire/voice.js';
import { taskGroupRoutes } from './group-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface VoiceRouteDeps {
  clonedVoices: ClonedVoiceService;
  voiceCatalog: VoiceCatalog;
  blobs: BlobStore;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export const voiceRoutes = taskGroupRoutes(['Voices'], clonedVoiceToWire, (routes, deps: VoiceRouteDeps) => {
  const { app, tags } = routes;
  const previewUrl = (id: string) => deps.blobs.signedUrl(`voice-previews/${id}.mp3`);
  const voices = deps.voiceCatalog.voices;

  // The caller's finished clones come first (newest first), then the catalog.
  app.get(
    '/api/voices/',
    { schema: { tags, summary: "Voices grouped by name, each accent a voice id; the caller's cloned voices first" } },
    async (request) => {
      const cloned = await deps.clonedVoices.listUsable(request.accountId);
      const own: VoiceGroup[] = cloned.map((r) => {
        const v = clonedVoiceAsVoice(r, deps.blobs);
        return { name: v.name, gender: v.gender, accents: [{ id: v.id, accent_name: v.accent, language: v.language, preview_url: v.preview_url }] };
      });
      return [...own, ...groupVoicesByName(voices, previewUrl)];
    },
  );

  app.get(
    '/api/voices/paginated/',
    { schema: { tags, summary: "Voices (the caller's cloned ones first), paginated and filtered by language and gender", querystring: voicesPageQuery } },
    async (request) => {
      const { page, pageSize } = pageParams(request.query);
      const filter = { language: request.query.language, gender: request.query.gender };
      const cloned = filterVoices(await deps.clonedVoices.listUsable(request.accountId), filter).map((r) => clonedVoiceAsVoice(r, deps.blobs));
      const builtin = filterVoices(voices, filter).map((v) => voiceToWire(v, previewUrl(v.id)));
      return paginate(request, deps.publicBaseUrl, [...cloned, ...builtin], { page, page_size: pageSize });
    },
  );

  routes.list('/api/voices/cloned/', "The caller's cloned voices, any state", deps.clonedVoices);

  app.get(
    '/api/voices/:id/',
    { schema: { tags, summary: "One voice: a catalog voice, or one of the caller's cloned voices", params: idParams } },
    async (request) => {
      const v = findVoice(deps.voiceCatalog, request.params.id);
      if (v) return voiceToWire(v, previewUrl(v.id));
      const cloned = await deps.clonedVoices.get(request.accountId, request.params.id);
      if (!cloned) throw new NotFound('Voice');
      return clonedVoiceToWire(cloned, deps.blobs);
    },
  );

  const clone = (accountId: string, b: CloneVoiceBody) =>
    deps.clonedVoices.create(accountId, { audioUrl: b.audio_url, name: b.name, language: b.language, webhookUrl: b.webhook_url });
  const cloneSummary = 'Clone a voice from a speech sample (voice matching; the sample is checked before the answer)';
  const body = cloneVoiceBody(deps.clonedVoices.languages());
  routes.create('/api/voices/clone/', cloneSummary, body, clone);
  // The compatible API's path for the same operation.
  routes.create('/api/voices/', `${cloneSummary} (alias of /api/voices/clone/)`, body, clone);

  app.delete(
    '/api/voices/:id/',
    { schema: { tags, summary: "Delete one of the caller's cloned voices (built-in voices cannot be deleted)", params: idParams } },
    async (request, reply) => {
      if (findVoice(deps.voiceCatalog, request.params.id)) throw new NotFound('Voice');
      await deps.clonedVoices.delete(request.accountId, request.params.id);
      return reply.status(204).send();
    },
  );
});
