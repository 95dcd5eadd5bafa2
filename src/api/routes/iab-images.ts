import type { IabImagesService } from '../../domain/iab-images/iab-service.js';
import { iabImagesBody } from '../schemas/iab-images.js';
import { iabToWire } from '../wire/iab-images.js';
import { taskGroupRoutes } from './group-routes.js';

export const iabImagesRoutes = taskGroupRoutes(['IAB Images'], iabToWire, (routes, { iabImages }: { iabImages: IabImagesService }) => {
  routes.create('/api/iab_images/', 'The twelve IAB-standard PNG banners of a picture (2 credits)', iabImagesBody, (accountId, b) =>
    iabImages.create(accountId, { imageUrl: b.image ?? null, link: b.link ?? null, callToAction: b.call_to_action ?? null, webhookUrl: b.webhook_url ?? null }),
  );
  routes.reads('/api/iab_images/', iabImages, { list: 'List IAB Images tasks', get: 'Get an IAB Images task' });
});
