import { inspirationRoutes } from '../../api/routes/inspirations.js';
import { inspirationOperations } from '../../api/schemas/responses/inspirations.js';
import { inspirationJobToWire, inspirationJobSummary } from '../../api/wire/inspiration.js';
import { INSPIRATIONS } from '../../domain/inspirations/inspiration-catalog.js';
import { inspirationJobKind } from '../../domain/inspirations/inspiration-job-kind.js';
import { InspirationService } from '../../domain/inspirations/inspiration-service.js';
import { inspirationJob } from '../../jobs/handlers/inspiration-job.js';
import { INSPIRATION_PREVIEW_PREFIX, inspirationPreviews } from '../../pipelines/inspirations/inspiration-previews.js';
import { assertRecipesCover } from '../../pipelines/inspirations/inspiration-recipes.js';
import { defineGroup } from './group.js';

/** Inspiration: the pre-made styles (recipes over the images family) and the jobs that apply them. */
export const inspirations = defineGroup({
  name: 'Inspiration',
  kinds: [{ kind: inspirationJobKind, toWire: inspirationJobToWire, summary: inspirationJobSummary }],
  operations: inspirationOperations,
  build: (p) => {
    // A listed inspiration without a recipe fails the start, not a task.
    assertRecipesCover(INSPIRATIONS);
    p.lazyBlobs.register(INSPIRATION_PREVIEW_PREFIX, inspirationPreviews({ engines: p.images, ffmpeg: p.ffmpeg }));
    const inspirations = new InspirationService(p.tasks, p.mediaChecker);
    return {
      services: { inspirations },
      routes: (app) => inspirationRoutes(app, { inspirations, blobs: p.blobs }),
      jobs: [inspirationJob({ blobs: p.blobs, fetcher: p.fetcher, ffmpeg: p.ffmpeg, images: p.images })],
    };
  },
});
