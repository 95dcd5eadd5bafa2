import type { LinkService } from '../../domain/links/link-service.js';
import { idParams } from '../schemas/common.js';
import { createLinkBody, linkParamsBody, updateLinkBody } from '../schemas/links.js';
import { linkToWire } from '../wire/link.js';
import { groupRoutes } from './group-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface LinkRouteDeps {
  links: LinkService;
  /** Base of the `next`/`previous` links of page envelopes. */
  publicBaseUrl: string;
}

export const linkRoutes = groupRoutes(['Links'], linkToWire, (routes, deps: LinkRouteDeps) => {
  const { app, tags } = routes;

  routes.create('/api/links/', 'Create a link by reading a product page (1 credit)', createLinkBody, (accountId, b) =>
    deps.links.createFromUrl(accountId, b.url),
  );

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

  routes.list('/api/links/', 'List links', deps.links);
  routes.paginated('/api/links/paginated/', 'List links, paginated (the filters of GET /api/links/)', deps.links, deps.publicBaseUrl);
  routes.get('/api/links/:id/', 'Get a link', deps.links);

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
});
