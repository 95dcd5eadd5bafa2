import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PersonaDirectory } from '../../domain/catalog/avatars-personas.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { parseAvatarFilter } from '../../domain/catalog/avatars-filter.js';
import { asksForPage, paginate } from '../pagination.js';
import { idParams } from '../schemas/common.js';
import { personasQuery } from '../schemas/personas.js';
import { personaToWire } from '../wire/persona.js';

const tags = ['Avatars'];

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface PersonaRouteDeps {
  personas: PersonaDirectory;
  blobs: BlobStore;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

/**
 * Avatars (contract section 15): listings and one avatar. Built-in avatars come from the catalog;
 * the caller's custom avatars come through `PersonaDirectory.useCustomSource` (Custom Avatars group).
 */
export function personaRoutes(root: FastifyInstance, deps: PersonaRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (list: Awaited<ReturnType<typeof deps.personas.list>>) => list.map((p) => personaToWire(p, deps.blobs));

  app.get(
    '/api/personas/',
    {
      schema: {
        tags,
        summary: 'Avatars: built-in and your active custom avatars (a page envelope when page, page_size or limit is given)',
        querystring: personasQuery,
      },
    },
    async (request) => {
      const found = wire(await deps.personas.list(request.accountId, parseAvatarFilter(request.query)));
      const q = request.query;
      return asksForPage(q) ? paginate(request, deps.publicBaseUrl, found, q) : found;
    },
  );

  // The second path is the one some clients are written with.
  for (const [path, summary] of [
    ['/api/personas/paginated/', 'Avatars, paginated and filtered'],
    ['/api/personas-paginated/', 'Alias of /api/personas/paginated/'],
  ] as const) {
    app.get(path, { schema: { tags, summary, querystring: personasQuery } }, async (request) => {
      return paginate(request, deps.publicBaseUrl, wire(await deps.personas.list(request.accountId, parseAvatarFilter(request.query))), request.query);
    });
  }

  app.get(
    '/api/personas/:id/',
    { schema: { tags, summary: 'One avatar: built-in, or your custom avatar in any status', params: idParams } },
    async (request) => {
      return personaToWire(await deps.personas.get(request.accountId, request.params.id), deps.blobs);
    },
  );

  app.get(
    '/api/personas_v2/',
    { schema: { tags, summary: 'v2 avatars: built-in and your custom v2 avatars', querystring: personasQuery } },
    async (request) => {
      return wire(await deps.personas.list(request.accountId, parseAvatarFilter(request.query), { version: 'v2' }));
    },
  );

  app.get('/api/personas_v2/paginated/', { schema: { tags, summary: 'v2 avatars, paginated and filtered', querystring: personasQuery } }, async (request) => {
    const found = wire(await deps.personas.list(request.accountId, parseAvatarFilter(request.query), { version: 'v2' }));
    return paginate(request, deps.publicBaseUrl, found, request.query);
  });
}
