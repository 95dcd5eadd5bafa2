import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ListQuery } from '../../core/store.js';
import type { LinkService } from '../../domain/links/link-service.js';
import { listQueryFrom, pageOfStored } from '../pagination.js';
import { idParams, listQuery, pageQuery } from '../schemas/common.js';
import { createLinkBody, linkParamsBody, updateLinkBody } from '../schemas/links.js';
import { linkToWire } from '../wire/link.js';

const tags = ['Links'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface LinkRouteDeps {
  links: LinkService;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export function linkRoutes(root: FastifyInstance, deps: LinkRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post('/api/links/', { schema: { tags, summary: 'Create a link by reading a product page (1 credit)', body: createLinkBody } }, async (request, reply) => {
    const link = await deps.links.createFromUrl(request.accountId, request.body.url);
    return reply.status(201).send(linkToWire(link));
  });

  const withParams = async (request: { accountId: string; body: import('zod').infer<typeof linkParamsBody> }) => {
    const b = request.body;
    const link = await deps.links.createFromParams(request.accountId, {
      title: b.title,
      description: b.description,
      imageUrls: b.image_urls ?? [],
      videoUrls: b.video_urls ?? [],
      reviews: b.reviews,
      logoUrl: b.logo_url ?? null,
    });
    return linkToWire(link);
  };
  const paramsSchema = { tags, summary: 'Create a link from given facts, without fetching (1 credit)', body: linkParamsBody };
  app.post('/api/links/link_with_params/', { schema: paramsSchema }, withParams);
  app.post('/api/link_with_params/', { schema: { ...paramsSchema, summary: 'Alias of /api/links/link_with_params/' } }, withParams);

  app.get('/api/links/', { schema: { tags, summary: 'List links', querystring: listQuery } }, async (request) => {
    const links = await deps.links.list(request.accountId, listQueryFrom(request.query));
    return links.map(linkToWire);
  });

  app.get(
    '/api/links/paginated/',
    { schema: { tags, summary: 'List links, paginated (the filters of GET /api/links/)', querystring: listQuery.extend(pageQuery.shape) } },
    async (request) => {
      const source = { list: (q: ListQuery) => deps.links.list(request.accountId, q), count: (q: ListQuery) => deps.links.count(request.accountId, q) };
      return pageOfStored(request, deps.publicBaseUrl, request.query, source, linkToWire);
    },
  );

  app.get('/api/links/:id/', { schema: { tags, summary: 'Get a link', params: idParams } }, async (request) => {
    return linkToWire(await deps.links.get(request.accountId, request.params.id));
  });

  app.put('/api/links/:id/', { schema: { tags, summary: 'Update the facts of a link', params: idParams, body: updateLinkBody } }, async (request) => {
    const b = request.body;
    const link = await deps.links.update(request.accountId, request.params.id, {
      url: b.url,
      title: b.title,
      description: b.description,
      imageUrls: b.image_urls,
      videoUrls: b.video_urls,
      reviews: b.reviews,
      logoUrl: b.logo_url,
      aiSummary: b.ai_summary,
    });
    return linkToWire(link);
  });
}
