import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { assetGenerationKind, type StoredAsset } from '../../domain/asset-generation/asset-generation-kind.js';
import type { AssetModelCatalog } from '../../domain/asset-generation/asset-model-catalog.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { generateAssets } from '../../pipelines/asset-generation/generate-assets.js';
import { defineKindJob } from '../job-definition.js';

export interface AssetGenerationJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
  catalog: AssetModelCatalog;
}

/** Asset Generator: the model run once per output, each a seeded variation; PNGs or MP4s with thumbnails. */
export function assetGenerationJob(deps: AssetGenerationJobDeps) {
  return defineKindJob(assetGenerationKind, 'make', async ({ input, task, run }) => {
    const assets: StoredAsset[] = [];
    for await (const made of generateAssets(input, deps, run())) {
      const n = made.index + 1;
      const key = assetGenerationKind.fileKey(task, 'outputs', made.type === 'image' ? `${n}.png` : `${n}.mp4`);
      const thumbnailKey = made.thumbnailPath ? assetGenerationKind.fileKey(task, 'outputs', `${n}-thumbnail${extname(made.thumbnailPath)}`) : null;
      await deps.blobs.putFile(key, made.path);
      if (thumbnailKey && made.thumbnailPath) await deps.blobs.putFile(thumbnailKey, made.thumbnailPath);
      const stored = { id: randomUUID(), type: made.type, key, thumbnailKey, name: made.name, widthPx: made.widthPx, heightPx: made.heightPx };
      assets.push(made.type === 'video' ? { ...stored, durationSeconds: made.durationSeconds } : stored);
    }
    return {
      result: assetGenerationKind.resultPatch({ assets }),
      costMillicredits: assetGenerationKind.price('make', input, { outputs: assets.length }),
    };
  });
}
