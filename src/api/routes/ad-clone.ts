import type { AdCloneService } from '../../domain/ad-clone/ad-clone-service.js';
import { adCloneBody } from '../schemas/ad-clone.js';
import { adCloneToWire } from '../wire/ad-clone.js';
import { taskGroupRoutes } from './group-routes.js';

/** Ad Clone (§20): a new ad in a reference ad's structure, pacing, script pattern and caption look, made with a link's product. */
export const adCloneRoutes = taskGroupRoutes(['Ad Clone'], adCloneToWire, (routes, { adClones }: { adClones: AdCloneService }) => {
  routes.create('/api/ads_clone/', "Clone a reference ad with a link's product (12 credits per started 5 s)", adCloneBody, (accountId, b) =>
    adClones.create(accountId, {
      link: b.link,
      videoUrl: b.video_url,
      aspectRatio: b.aspect_ratio ?? null,
      language: b.language ?? null,
      webhookUrl: b.webhook_url ?? null,
    }),
  );
  routes.reads('/api/ads_clone/', adClones, { list: 'List ad clone tasks', get: 'Get an ad clone task (with the analysis of the reference)' });
});
