import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { assetGenerationKind } from '../../domain/asset-generation/asset-generation-kind.js';
import type { AssetModelCatalog } from '../../domain/asset-generation/asset-model-catalog.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { assetFiles, type AssetFiles } from './asset-files.js';
import { assetRunnerFor } from './asset-runners.js';
import type { StepRun } from '../../core/step-run.js';

/** An asset generation's input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type AssetGenerationInput = ReturnType<typeof assetGenerationKind.inputOf>;

export interface GenerateAssetsDeps {
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
  catalog: AssetModelCatalog;
}

/** One output of the run: its files, its place (0-based) and the file name the client downloads it as. */
export type GeneratedAsset = AssetFiles & { index: number; name: string };

/**
 * The model run once per output (`outputNums`), each a seeded variation, after its media inputs
 * are downloaded. Yields each output's files as soon as they are written, so the caller stores
 * one before the next is made.
 */
export async function* generateAssets(input: AssetGenerationInput, deps: GenerateAssetsDeps, opts: StepRun): AsyncGenerator<GeneratedAsset> {
  const { workDir, signal } = opts;
  const model = deps.catalog.find(input.modelName);
  const runner = model ? assetRunnerFor(model) : null;
  if (!model || !runner) throw new TaskFailure(`The model ${input.modelName} is no longer offered by this service; read the schema and create the task again.`);
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
  opts.onProgress(0.05);
  const outDir = join(workDir, 'outputs');
  await mkdir(outDir, { recursive: true });
  const share = 0.9 / input.outputNums;
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
      onProgress: (f) => opts.onProgress(0.05 + share * (i + Math.min(1, Math.max(0, f)))),
    });
    const made = await assetFiles(out, { dir: outDir, stem: String(i + 1), imageThumbnail: true }, deps.ffmpeg, signal);
    yield { ...made, index: i, name: `${model.id}-${i + 1}.${made.type === 'image' ? 'png' : 'mp4'}` };
    opts.onProgress(0.05 + share * (i + 1));
  }
}
