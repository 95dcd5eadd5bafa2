import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listMusicCategories, queryMusicTracks } from '../../domain/catalog/music.js';
import { pageEnvelope, pageParams } from '../pagination.js';
import { musicQuery } from '../schemas/music.js';

const tags = ['Music'];

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface MusicRouteDeps {
  blobs: BlobStore;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export function musicRoutes(root: FastifyInstance, deps: MusicRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/music_categories/', { schema: { tags, summary: 'Music categories of the built-in library' } }, async () => {
    return listMusicCategories().map((m) => ({ id: m.id, name: m.name, description: m.description }));
  });

  app.get(
    '/api/musics/',
    { schema: { tags, summary: 'Tracks of the built-in library; a track url works as background_music_url', querystring: musicQuery } },
    async (request) => {
      const { page, pageSize } = pageParams(request.query);
      const found = queryMusicTracks({ category: request.query.category, search: request.query.search, page, pageSize });
      const wire = found.items.map((t) => ({
        id: t.id,
        name: t.name,
        url: deps.blobs.signedUrl(`music/${t.id}.mp3`),
        category: t.categoryName,
        category_id: t.categoryId,
        duration: t.durationSeconds,
        bpm: t.bpm,
        key: t.key,
        cover_url: null,
        is_favorite: false,
      }));
      return pageEnvelope(request, deps.publicBaseUrl, found.totalCount, page, pageSize, wire);
    },
  );
}
