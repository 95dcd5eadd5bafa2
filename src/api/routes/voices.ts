import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from '../../app/container.js';
import { findVoice, groupVoicesByName, paginateVoices, type Voice } from '../../domain/catalog/voices.js';
import { NotFound } from '../../domain/errors.js';
import { pageParams, paginate } from '../pagination.js';
import { idParams } from '../schemas/common.js';
import { voicesPageQuery } from '../schemas/voices.js';

const tags = ['Voices'];

export function voiceRoutes(root: FastifyInstance, c: Container): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const previewUrl = (id: string) => c.blobs.signedUrl(`voice-previews/${id}.mp3`);
  const toWire = (v: Voice) => ({ id: v.id, name: v.name, language: v.language, accent: v.accentName, gender: v.gender, preview_url: previewUrl(v.id), engine: v.engine, locale: v.locale });
  const voices = c.speech.catalog.voices;

  app.get('/api/voices/', { schema: { tags, summary: 'Voices grouped by name, each accent a voice id' } }, async () => {
    return groupVoicesByName(voices, previewUrl);
  });

  app.get('/api/voices/paginated/', { schema: { tags, summary: 'Voices, paginated and filtered by language and gender', querystring: voicesPageQuery } }, async (request) => {
    const { page, pageSize } = pageParams(request.query);
    const matching = paginateVoices(voices, { language: request.query.language, gender: request.query.gender, page: 1, pageSize: Number.MAX_SAFE_INTEGER });
    return paginate(request, c.config.publicBaseUrl, matching.results.map(toWire), { page: String(page), page_size: String(pageSize) });
  });

  app.get('/api/voices/:id/', { schema: { tags, summary: 'One voice', params: idParams } }, async (request) => {
    const v = findVoice(c.speech.catalog, request.params.id);
    if (!v) throw new NotFound('Voice');
    return toWire(v);
  });
}
