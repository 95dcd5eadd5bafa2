import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from '../../app/container.js';
import { parseAvatarFilter } from '../../domain/catalog/avatars-filter.js';
import { paginate } from '../pagination.js';
import { idParams } from '../schemas/common.js';
import { personasQuery } from '../schemas/personas.js';
import { personaToWire } from '../wire/persona.js';

const tags = ['Avatars'];

/**
 * Avatars (contract section 15): listings and one avatar. Built-in avatars come from the catalog;
 * the caller's custom avatars come through `c.personas.useCustomSource` (Custom Avatars group).
 */
export function personaRoutes(root: FastifyInstance, c: Container): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (list: Awaited<ReturnType<typeof c.personas.list>>) => list.map((p) => personaToWire(p, c.blobs));

  app.get('/api/personas/', { schema: { tags, summary: 'Avatars: built-in and your active custom avatars (a page envelope when page or page_size is given)', querystring: personasQuery } }, async (request) => {
    const found = wire(await c.personas.list(request.accountId, parseAvatarFilter(request.query)));
    const q = request.query;
    return q.page !== undefined || q.page_size !== undefined ? paginate(request, c.config.publicBaseUrl, found, q) : found;
  });

  app.get('/api/personas/paginated/', { schema: { tags, summary: 'Avatars, paginated and filtered', querystring: personasQuery } }, async (request) => {
    return paginate(request, c.config.publicBaseUrl, wire(await c.personas.list(request.accountId, parseAvatarFilter(request.query))), request.query);
  });

  app.get('/api/personas/:id/', { schema: { tags, summary: 'One avatar: built-in, or your custom avatar in any status', params: idParams } }, async (request) => {
    return personaToWire(await c.personas.get(request.accountId, request.params.id), c.blobs);
  });

  app.get('/api/personas_v2/', { schema: { tags, summary: 'v2 avatars: built-in and your custom v2 avatars', querystring: personasQuery } }, async (request) => {
    return wire(await c.personas.list(request.accountId, parseAvatarFilter(request.query), { version: 'v2' }));
  });

  app.get('/api/personas_v2/paginated/', { schema: { tags, summary: 'v2 avatars, paginated and filtered', querystring: personasQuery } }, async (request) => {
    const found = wire(await c.personas.list(request.accountId, parseAvatarFilter(request.query), { version: 'v2' }));
    return paginate(request, c.config.publicBaseUrl, found, request.query);
  });
}
