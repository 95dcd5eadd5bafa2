import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import { findInspiration } from '../../domain/inspirations/inspiration-catalog.js';
import type { inspirationJobKind } from '../../domain/inspirations/inspiration-job-kind.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { assetFiles, type AssetFiles } from '../asset-generation/asset-files.js';
import { inspirationRecipeFor } from './inspiration-recipes.js';
import type { StepRun } from '../../core/step-run.js';

/** An inspiration job's input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type InspirationJobInput = ReturnType<typeof inspirationJobKind.inputOf>;

export interface InspirationDeps {
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
}

/**
 * The inspiration's recipe run on the job's parameters (media parameters downloaded first): one
 * PNG, or one MP4 with its thumbnail, in `workDir`.
 */
export async function makeInspiration(input: InspirationJobInput, deps: InspirationDeps, opts: StepRun): Promise<AssetFiles> {
  const { workDir, signal } = opts;
  const inspiration = findInspiration(input.inspirationId);
  const recipe = inspiration ? inspirationRecipeFor(inspiration) : null;
  if (!inspiration || !recipe) throw new TaskFailure('This inspiration is no longer offered by this service; choose another from GET /api/inspirations/.');
  const files: Record<string, string> = {};
  let n = 0;
  for (const [name, spec] of Object.entries(inspiration.params)) {
    const value = input.inputs[name];
    if ((spec.type !== 'image' && spec.type !== 'video') || typeof value !== 'string') continue;
    files[name] = (await deps.fetcher.download(value, join(workDir, `in-${n++}`), { accept: [spec.type], signal })).path;
  }
  opts.onProgress(0.05);
  const out = await recipe({
    inspiration,
    inputs: input.inputs,
    files,
    seed: input.seed,
    workDir,
    engines: deps.images,
    ffmpeg: deps.ffmpeg,
    signal,
    onProgress: (f) => opts.onProgress(0.05 + 0.85 * Math.min(1, Math.max(0, f))),
  });
  return assetFiles(out, { dir: workDir, stem: 'output', imageThumbnail: false }, deps.ffmpeg, signal);
}
