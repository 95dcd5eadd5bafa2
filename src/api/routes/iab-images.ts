import type { FastifyInstance } from 'fastify';
import type { Task } from '../../core/task.js';
import type { IabImagesService } from '../../domain/iab-images/iab-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { iabImagesBody } from '../schemas/iab-images.js';
import { iabToWire } from '../wire/iab-images.js';
import { TaskRoutes } from './task-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface IabImagesRouteDeps {
  iabImages: IabImagesService;
  blobs: BlobStore;
}

export function iabImagesRoutes(root: FastifyInstance, deps: IabImagesRouteDeps): void {
  const routes = new TaskRoutes(root, ['IAB Images'], (t: Task) => iabToWire(t, deps.blobs));
  routes.create('/api/iab_images/', 'The twelve IAB-standard PNG banners of a picture (2 credits)', iabImagesBody, (accountId, b) =>
    deps.iabImages.create(accountId, { imageUrl: b.image, webhookUrl: b.webhook_url ?? null }),
  );
  routes.reads('/api/iab_images/', deps.iabImages, { list: 'List IAB Images tasks', get: 'Get an IAB Images task' });
}
