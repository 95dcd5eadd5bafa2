import { assetGenerationRoutes } from '../../api/routes/asset-generation.js';
import { assetGenerationOperations } from '../../api/schemas/responses/asset-generation.js';
import { assetGenerationToWire, assetGenerationSummary } from '../../api/wire/asset-generation.js';
import { assetGenerationKind } from '../../domain/assets/asset-generation-kind.js';
import { AssetGenerationService } from '../../domain/assets/asset-generation-service.js';
import { AssetModelCatalog } from '../../domain/assets/asset-model-catalog.js';
import { builtinAssetModels } from '../../domain/assets/asset-models.js';
import { assetGenerationJob } from '../../jobs/handlers/asset-generation.js';
import { assetModelOptions } from '../../pipelines/images/models/asset-model-options.js';
import { assertRunnersCover } from '../../pipelines/images/models/asset-runners.js';
import { defineGroup } from './group.js';

/** Asset Generator: images and short clips from a model catalog (built-in, and the remote provider's when configured). */
export const assetGeneration = defineGroup({
  name: 'Asset Generator',
  kinds: [{ kind: assetGenerationKind, toWire: assetGenerationToWire, summary: assetGenerationSummary }],
  operations: assetGenerationOperations,
  build: (p) => {
    const models = builtinAssetModels(assetModelOptions(p.images.generator?.model ?? null));
    // Every model must have a runner: a model nobody can run fails the start, not a task.
    assertRunnersCover(models);
    const catalog = new AssetModelCatalog(models);
    const assetGeneration = new AssetGenerationService(p.tasks, catalog, p.mediaChecker);
    return {
      services: { assetGeneration },
      routes: (app) => assetGenerationRoutes(app, { assetGeneration, blobs: p.blobs }),
      jobs: [assetGenerationJob({ blobs: p.blobs, fetcher: p.fetcher, ffmpeg: p.ffmpeg, images: p.images, catalog })],
    };
  },
});
