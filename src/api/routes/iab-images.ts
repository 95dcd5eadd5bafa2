import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IabImagesService } from '../../domain/images/iab-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { idParams, listQuery } from '../schemas/common.js';
import { iabImagesBody } from '../schemas/iab-images.js';
import { iabToWire } from '../wire/iab-images.js';

const tags = ['IAB Images'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface IabImagesRouteDeps {
  iabImages: IabImagesService;
  blobs: BlobStore;
}

export function iabImagesRoutes(root: FastifyInstance, deps: IabImagesRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof iabToWire>[0]) => iabToWire(t, deps.blobs);

  app.post(
    '/api/iab_images/',
    { schema: { tags, summary: 'The twelve IAB-standard PNG banners of a picture (2 credits)', body: iabImagesBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.iabImages.create(request.accountId, { imageUrl: b.image, webhookUrl: b.webhook_url ?? null });
      return reply.status(201).send(wire(task));
    },
  );
  app.get('/api/iab_images/', { schema: { tags, summary: 'List IAB Images tasks', querystring: listQuery } }, async (request) => {
    return (await deps.iabImages.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/iab_images/:id/', { schema: { tags, summary: 'Get an IAB Images task', params: idParams } }, async (request) => {
    return wire(await deps.iabImages.get(request.accountId, request.params.id));
  });
}
