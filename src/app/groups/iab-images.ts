import { iabImagesRoutes } from '../../api/routes/iab-images.js';
import { iabImagesOperations } from '../../api/schemas/responses/iab-images.js';
import { iabToWire, iabSummary } from '../../api/wire/iab-images.js';
import { iabKind } from '../../domain/iab-images/iab-kind.js';
import { IabImagesService } from '../../domain/iab-images/iab-service.js';
import { iabImagesJob } from '../../jobs/handlers/iab-images.js';
import { defineGroup } from './group.js';

/** IAB Images: one picture (and a link's logo, name and price) → the standard ad banner sizes. */
export const iabImages = defineGroup({
  name: 'IAB Images',
  kinds: [{ kind: iabKind, toWire: iabToWire, summary: iabSummary }],
  operations: iabImagesOperations,
  build: (p) => {
    const iabImages = new IabImagesService(p.tasks, p.mediaChecker, p.links);
    return {
      services: { iabImages },
      routes: (app) => iabImagesRoutes(app, { iabImages, blobs: p.blobs }),
      jobs: [iabImagesJob({ blobs: p.blobs, fetcher: p.fetcher, faces: p.faces, images: p.images })],
    };
  },
});
