import type { ProductVideoService } from '../../domain/product-video/product-video-service.js';
import { idParams } from '../schemas/common.js';
import { productGenImageBody, productGenVideoBody, productRegenImageBody } from '../schemas/product-videos.js';
import { productVideoToWire } from '../wire/product-video.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const productVideoRoutes = taskGroupRoutes(
  ['Product Video'],
  productVideoToWire,
  (routes, { productVideos }: { productVideos: ProductVideoService }) => {
    const { app, tags, wire } = routes;

    routes.create(
      '/api/product_to_videos/gen_image/',
      'The product cut out of its photo and staged in a scene (2 credits per image)',
      productGenImageBody,
      (accountId, b) =>
        productVideos.genImage(accountId, {
          productUrl: b.product_url,
          type: b.type ?? null,
          aspectRatio: b.aspect_ratio ?? null,
          imagePrompt: b.image_prompt ?? null,
          overrideAvatar: b.override_avatar ?? null,
          showcaseUrl: b.product_showcase_url ?? null,
          webhookUrl: b.webhook_url ?? null,
          echo: echoOf(productGenImageBody, b),
        }),
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
          await productVideos.genVideo(request.accountId, request.params.id, { motionStyle: b.motion_style ?? null, videoPrompt: b.video_prompt ?? null }),
        );
      },
    );
    app.post(
      '/api/product_to_videos/:id/regen_image/',
      {
        schema: { tags, summary: 'A new task: the same product staged again (2 credits per image)', params: idParams, body: productRegenImageBody.optional() },
      },
      async (request, reply) => {
        const b = request.body ?? {};
        return reply.status(201).send(
          wire(
            await productVideos.regenImage(request.accountId, request.params.id, {
              imagePrompt: b.image_prompt ?? null,
              webhookUrl: b.webhook_url ?? null,
            }),
          ),
        );
      },
    );
    routes.onItem('/api/product_to_videos/:id/regen_video/', 'The video again as a different variation, on the same task (1 credit)', (accountId, id) =>
      productVideos.regenVideo(accountId, id),
    );
    routes.reads('/api/product_to_videos/', productVideos, { list: 'List product video tasks', get: 'Get a product video task' });
  },
);
