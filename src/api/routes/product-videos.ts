import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ProductVideoService } from '../../domain/images/product-video-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { listQueryFrom } from '../pagination.js';
import { idParams, listQuery } from '../schemas/common.js';
import { productGenImageBody, productGenVideoBody, productRegenImageBody } from '../schemas/product-videos.js';
import { productVideoToWire } from '../wire/product-video.js';
import { echoOf } from '../echo.js';

const tags = ['Product Video'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface ProductVideoRouteDeps {
  productVideos: ProductVideoService;
  blobs: BlobStore;
}

export function productVideoRoutes(root: FastifyInstance, deps: ProductVideoRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof productVideoToWire>[0]) => productVideoToWire(t, deps.blobs);

  app.post(
    '/api/product_to_videos/gen_image/',
    { schema: { tags, summary: 'The product cut out of its photo and staged in a scene (2 credits per image)', body: productGenImageBody } },
    async (request, reply) => {
      const b = request.body;
      const task = await deps.productVideos.genImage(request.accountId, {
        productUrl: b.product_url,
        type: b.type ?? null,
        aspectRatio: b.aspect_ratio ?? null,
        imagePrompt: b.image_prompt ?? null,
        overrideAvatar: b.override_avatar ?? null,
        showcaseUrl: b.product_showcase_url ?? null,
        webhookUrl: b.webhook_url ?? null,
        echo: echoOf(productGenImageBody, b),
      });
      return reply.status(201).send(wire(task));
    },
  );
  app.post(
    '/api/product_to_videos/:id/gen_video/',
    {
      schema: {
        tags,
        summary: 'A video from the done image: display shots or a talking presenter (10 credits per started 30 s)',
        params: idParams,
        body: productGenVideoBody.optional(),
      },
    },
    async (request) => {
      const b = request.body ?? {};
      return wire(
        await deps.productVideos.genVideo(request.accountId, request.params.id, { motionStyle: b.motion_style ?? null, videoPrompt: b.video_prompt ?? null }),
      );
    },
  );
  app.post(
    '/api/product_to_videos/:id/regen_image/',
    { schema: { tags, summary: 'A new task: the same product staged again (2 credits per image)', params: idParams, body: productRegenImageBody.optional() } },
    async (request, reply) => {
      const b = request.body ?? {};
      return reply.status(201).send(
        wire(
          await deps.productVideos.regenImage(request.accountId, request.params.id, {
            imagePrompt: b.image_prompt ?? null,
            webhookUrl: b.webhook_url ?? null,
          }),
        ),
      );
    },
  );
  app.post(
    '/api/product_to_videos/:id/regen_video/',
    { schema: { tags, summary: 'The video again as a different variation, on the same task (1 credit)', params: idParams } },
    async (request) => {
      return wire(await deps.productVideos.regenVideo(request.accountId, request.params.id));
    },
  );
  app.get('/api/product_to_videos/', { schema: { tags, summary: 'List product video tasks', querystring: listQuery } }, async (request) => {
    return (await deps.productVideos.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/product_to_videos/:id/', { schema: { tags, summary: 'Get a product video task', params: idParams } }, async (request) => {
    return wire(await deps.productVideos.get(request.accountId, request.params.id));
  });
}
