import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdCloneService } from '../../domain/ad-clone/ad-clone-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { adCloneBody } from '../schemas/ads-clone.js';
import { idParams, listQuery } from '../schemas/common.js';
import { adCloneToWire } from '../wire/ad-clone.js';

const tags = ['Ad Clone'];

export interface AdCloneRouteDeps {
  adClones: AdCloneService;
  blobs: BlobStore;
}

/** Ad Clone (§20): a new ad in a reference ad's structure, pacing, script pattern and caption look, made with a link's product. */
export function adCloneRoutes(root: FastifyInstance, deps: AdCloneRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof adCloneToWire>[0]) => adCloneToWire(t, deps.blobs);

  app.post(
    '/api/ads_clone/',
    { schema: { tags, summary: "Clone a reference ad with a link's product (12 credits per started 5 s)", body: adCloneBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.adClones.create(request.accountId, {
        link: b.link,
        videoUrl: b.video_url,
        aspectRatio: b.aspect_ratio ?? null,
        language: b.language ?? null,
        webhookUrl: b.webhook_url ?? null,
      });
      return reply.status(201).send(wire(task));
    },
  );
  app.get('/api/ads_clone/', { schema: { tags, summary: 'List ad clone tasks', querystring: listQuery } }, async (request) => {
    return (await deps.adClones.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get(
    '/api/ads_clone/:id/',
    { schema: { tags, summary: 'Get an ad clone task (with the analysis of the reference)', params: idParams } },
    async (request) => {
      return wire(await deps.adClones.get(request.accountId, request.params.id));
    },
  );
}
