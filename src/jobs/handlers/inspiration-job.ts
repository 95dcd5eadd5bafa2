import { join } from 'node:path';
import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import { findInspiration } from '../../domain/catalog/inspirations.js';
import { inspirationJobKind } from '../../domain/inspirations/inspiration-job-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { frameImageArgs, THUMBNAIL_JPEG_QUALITY } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { inspirationRecipeFor } from '../../pipelines/images/inspirations/inspiration-recipes.js';
import { encodePng } from '../../pipelines/images/raster-io.js';
import { defineJob } from '../job-definition.js';

export interface InspirationJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
}

/** Inspiration job: the media parameters downloaded, the inspiration's recipe run, one PNG or MP4 stored. */
export function inspirationJob(deps: InspirationJobDeps) {
  return defineJob({
    name: inspirationJobKind.jobs.make,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const input = inspirationJobKind.inputOf(task);
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
      reportProgress(5);
      const out = await recipe({
        inspiration,
        inputs: input.inputs,
        files,
        seed: input.seed,
        workDir,
        engines: deps.images,
        ffmpeg: deps.ffmpeg,
        signal,
        onProgress: (f) => reportProgress(5 + 85 * Math.min(1, Math.max(0, f))),
      });
      const price = inspirationJobKind.price('make', input, {});
      if (out.type === 'image') {
        const outputKey = inspirationJobKind.fileKey(task, 'png');
        await deps.blobs.putBuffer(outputKey, await encodePng(out.image));
        return { result: inspirationJobKind.resultPatch({ outputKey, widthPx: out.image.width, heightPx: out.image.height }), costMillicredits: price };
      }
      const outputKey = inspirationJobKind.fileKey(task, 'mp4');
      const thumbnailKey = inspirationJobKind.fileKey(task, 'thumbnail');
      const thumbPath = join(workDir, 'thumbnail.jpg');
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
      await deps.blobs.putFile(outputKey, out.path);
      await deps.blobs.putFile(thumbnailKey, thumbPath);
      return {
        result: inspirationJobKind.resultPatch({ outputKey, thumbnailKey, widthPx: out.widthPx, heightPx: out.heightPx, durationSeconds: out.durationSeconds }),
        costMillicredits: price,
      };
    },
  });
}
