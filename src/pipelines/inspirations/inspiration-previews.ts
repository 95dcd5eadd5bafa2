import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateAssetInputs } from '../../domain/asset-generation/asset-inputs.js';
import { findInspiration, type Inspiration } from '../../domain/inspirations/inspiration-catalog.js';
import type { BlobProducer } from '../../engines/blobs/lazy-blobs.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { renderStillVideo } from '../images/motion/still-video.js';
import { encodePng } from '../images/raster-io.js';
import { inspirationRecipeFor } from './inspiration-recipes.js';
import { sampleProductPhoto } from './sample-product.js';

/** Where an inspiration's preview is kept: `inspiration-previews/<id>.png` (image) or `.mp4` (video), made on first request. */
export const INSPIRATION_PREVIEW_PREFIX = 'inspiration-previews/';

export function inspirationPreviewKey(inspiration: Pick<Inspiration, 'id' | 'genType'>): string {
  return `${INSPIRATION_PREVIEW_PREFIX}${inspiration.id}.${inspiration.genType === 'video' ? 'mp4' : 'png'}`;
}

/** The preview seed is fixed, so every machine shows the same preview. */
const PREVIEW_SEED = 20_240_601;

/**
 * Previews for LazyBlobs: the inspiration's own recipe run on the built-in sample product and its
 * example words, videos at 360p; null for a key that names no inspiration.
 */
export function inspirationPreviews(deps: { engines: ImageEngines; ffmpeg: FfmpegEngine }): BlobProducer {
  return async (key, workDir) => {
    const m = /^inspiration-previews\/([0-9a-f-]{36})\.(png|mp4)$/.exec(key);
    const inspiration = m ? findInspiration(m[1]!) : null;
    if (!m || !inspiration || inspirationPreviewKey(inspiration) !== key) return null;
    const recipe = inspirationRecipeFor(inspiration);
    if (!recipe) return null;
    const samplePath = join(workDir, 'sample.png');
    await writeFile(samplePath, await encodePng(sampleProductPhoto()));
    const files: Record<string, string> = {};
    const params: Record<string, unknown> = { ...inspiration.examples };
    for (const [name, spec] of Object.entries(inspiration.params)) {
      if (spec.type === 'image') files[name] = samplePath;
      if (spec.type === 'video') {
        files[name] = join(workDir, 'sample.mp4');
        await renderStillVideo(
          { imagePath: samplePath, motion: 'ken-burns', width: 360, height: 640, durationSeconds: 3, seed: PREVIEW_SEED, outputPath: files[name] },
          deps.ffmpeg,
        );
      }
      if (spec.type === 'image' || spec.type === 'video') params[name] = 'https://preview.invalid/sample';
      if (name === 'Resolution') params[name] = '360p';
    }
    const { values } = validateAssetInputs(inspiration.params, params, 'parameters');
    const out = await recipe({
      inspiration,
      inputs: values,
      files,
      seed: PREVIEW_SEED,
      workDir,
      engines: deps.engines,
      ffmpeg: deps.ffmpeg,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    if (out.type === 'video') return out.path;
    const path = join(workDir, 'preview.png');
    await writeFile(path, await encodePng(out.image));
    return path;
  };
}
