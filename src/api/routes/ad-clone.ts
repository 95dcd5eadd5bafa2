import type { FastifyInstance } from 'fastify';
import type { Task } from '../../core/task.js';
import type { AdCloneService } from '../../domain/ad-clone/ad-clone-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { adCloneBody } from '../schemas/ad-clone.js';
import { adCloneToWire } from '../wire/ad-clone.js';
import { TaskRoutes } from './task-routes.js';

export interface AdCloneRouteDeps {
  adClones: AdCloneService;
  blobs: BlobStore;
}

/** Ad Clone (§20): a new ad in a reference ad's structure, pacing, script pattern and caption look, made with a link's product. */
export function adCloneRoutes(root: FastifyInstance, deps: AdCloneRouteDeps): void {
  const routes = new TaskRoutes(root, ['Ad Clone'], (t: Task) => adCloneToWire(t, deps.blobs));
  routes.create('/api/ads_clone/', "Clone a reference ad with a link's product (12 credits per started 5 s)", adCloneBody, (accountId, b) =>
    deps.adClones.create(accountId, {
      link: b.link,
      videoUrl: b.video_url,
      aspectRatio: b.aspect_ratio ?? null,
      language: b.language ?? null,
      webhookUrl: b.webhook_url ?? null,
    }),
  );
  routes.reads('/api/ads_clone/', deps.adClones, { list: 'List ad clone tasks', get: 'Get an ad clone task (with the analysis of the reference)' });
}
