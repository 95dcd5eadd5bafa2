import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { assetGenerationKind, type StoredAsset } from '../../domain/assets/asset-generation-kind.js';
import type { AssetModelCatalog } from '../../domain/assets/asset-model-catalog.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { frameImageArgs, THUMBNAIL_JPEG_QUALITY } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { TaskFailure } from '../../core/errors.js';
import { assetRunnerFor, thumbnailOf } from '../../pipelines/images/models/asset-runners.js';
import { encodePng } from '../../pipelines/images/raster-io.js';
import { defineJob } from '../job-definition.js';

export interface AssetGenerationJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
  catalog: AssetModelCatalog;
}

/** Asset Generator: the model run once per output, each a seeded variation; PNGs or MP4s with thumbnails. */
export function assetGenerationJob(deps: AssetGenerationJobDeps) {
  return defineJob({
    name: assetGenerationKind.jobs.make,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const input = assetGenerationKind.inputOf(task);
      const model = deps.catalog.find(input.modelName);
      const runner = model ? assetRunnerFor(model) : null;
      if (!model || !runner)
        throw new TaskFailure(`The model ${input.modelName} is no longer offered by this service; read the schema and create the task again.`);
      const files: Record<string, string | string[]> = {};
      for (const [name, spec] of Object.entries(model.inputs)) {
        const value = input.inputs[name];
        if (value === undefined) continue;
        const accept = spec.type === 'video' ? ['video' as const] : ['image' as const];
        if ((spec.type === 'image' || spec.type === 'video') && typeof value === 'string') {
          files[name] = (await deps.fetcher.download(value, join(workDir, `in-${name}`), { accept, signal })).path;
        } else if (spec.type === 'image_list' && Array.isArray(value)) {
          files[name] = await Promise.all(
            value.map(async (url, i) => (await deps.fetcher.download(url, join(workDir, `in-${name}-${i}`), { accept, signal })).path),
          );
        }
      }
      reportProgress(5);
      const assets: StoredAsset[] = [];
      const share = 90 / input.outputNums;
      for (let i = 0; i < input.outputNums; i++) {
        signal.throwIfAborted();
        const out = await runner({
          model,
          inputs: input.inputs,
          files,
          variation: i,
          seed: (input.seed + i * 7919) >>> 0,
          workDir,
          engines: deps.images,
          ffmpeg: deps.ffmpeg,
          signal,
          onProgress: (f) => reportProgress(5 + share * (i + Math.min(1, Math.max(0, f)))),
        });
        const id = randomUUID();
        if (out.type === 'image') {
          const key = assetGenerationKind.fileKey(task, 'outputs', `${i + 1}.png`);
          const thumbnailKey = assetGenerationKind.fileKey(task, 'outputs', `${i + 1}-thumbnail.png`);
          await deps.blobs.putBuffer(key, await encodePng(out.image));
          await deps.blobs.putBuffer(thumbnailKey, await thumbnailOf(out.image));
          assets.push({ id, type: 'image', key, thumbnailKey, name: `${model.id}-${i + 1}.png`, widthPx: out.image.width, heightPx: out.image.height });
        } else {
          const key = assetGenerationKind.fileKey(task, 'outputs', `${i + 1}.mp4`);
          const thumbnailKey = assetGenerationKind.fileKey(task, 'outputs', `${i + 1}-thumbnail.jpg`);
          const thumbPath = join(workDir, `thumb-${i}.jpg`);
          await deps.ffmpeg.run(
            frameImageArgs({
              input: out.path,
              atSeconds: Math.min(0.5, out.durationSeconds / 2),
              width: 480,
              jpegQuality: THUMBNAIL_JPEG_QUALITY,
              output: thumbPath,
            }),
            { signal },
          );
          await deps.blobs.putFile(key, out.path);
          await deps.blobs.putFile(thumbnailKey, thumbPath);
          assets.push({
            id,
            type: 'video',
            key,
            thumbnailKey,
            name: `${model.id}-${i + 1}.mp4`,
            widthPx: out.widthPx,
            heightPx: out.heightPx,
            durationSeconds: out.durationSeconds,
          });
        }
        reportProgress(5 + share * (i + 1));
      }
      return {
        result: assetGenerationKind.resultPatch({ assets }),
        costMillicredits: assetGenerationKind.price('make', input, { outputs: assets.length }),
      };
    },
  });
}
