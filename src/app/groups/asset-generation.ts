import { assetGenerationRoutes } from '../../api/routes/asset-generation.js';
import { assetGenerationOperations } from '../../api/schemas/responses/asset-generation.js';
import { assetGenerationToWire, assetGenerationSummary } from '../../api/wire/asset-generation.js';
import { assetGenerationKind } from '../../domain/asset-generation/asset-generation-kind.js';
import { AssetGenerationService } from '../../domain/asset-generation/asset-generation-service.js';
import { AssetModelCatalog } from '../../domain/asset-generation/asset-model-catalog.js';
import { builtinAssetModels } from '../../domain/asset-generation/asset-models.js';
import { assetGenerationJob } from '../../jobs/handlers/asset-generation.js';
import { assetModelOptions } from '../../pipelines/asset-generation/asset-model-options.js';
import { assertRunnersCover } from '../../pipelines/asset-generation/asset-runners.js';
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
