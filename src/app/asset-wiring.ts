import { AssetModelCatalog } from '../domain/assets/asset-model-catalog.js';
import { builtinAssetModels } from '../domain/assets/asset-models.js';
import type { ImageEngines } from '../engines/image/port.js';
import { assetModelOptions } from '../pipelines/images/models/asset-model-options.js';
import { assertRunnersCover } from '../pipelines/images/models/asset-runners.js';

/** The asset models: the built-in ones, plus the remote provider's when one is configured; each must have a runner. */
export function createAssetModelCatalog(images: ImageEngines): AssetModelCatalog {
  const models = builtinAssetModels(assetModelOptions(images.generator?.model ?? null));
  assertRunnersCover(models);
  return new AssetModelCatalog(models);
}
