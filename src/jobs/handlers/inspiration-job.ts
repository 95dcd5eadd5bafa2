import { inspirationJobKind } from '../../domain/inspirations/inspiration-job-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { makeInspiration } from '../../pipelines/inspirations/make-inspiration.js';
import { defineKindJob } from '../job-definition.js';

export interface InspirationJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  images: ImageEngines;
}

/** Inspiration job: the media parameters downloaded, the inspiration's recipe run, one PNG or MP4 stored. */
export function inspirationJob(deps: InspirationJobDeps) {
  return defineKindJob(inspirationJobKind, 'make', async ({ input, task, run }) => {
    const made = await makeInspiration(input, deps, run());
    const price = inspirationJobKind.price('make', input, {});
    if (made.type === 'image') {
      const outputKey = inspirationJobKind.fileKey(task, 'png');
      await deps.blobs.putFile(outputKey, made.path);
      return { result: inspirationJobKind.resultPatch({ outputKey, widthPx: made.widthPx, heightPx: made.heightPx }), costMillicredits: price };
    }
    const outputKey = inspirationJobKind.fileKey(task, 'mp4');
    const thumbnailKey = inspirationJobKind.fileKey(task, 'thumbnail');
    await deps.blobs.putFile(outputKey, made.path);
    await deps.blobs.putFile(thumbnailKey, made.thumbnailPath);
    return {
      result: inspirationJobKind.resultPatch({
        outputKey,
        thumbnailKey,
        widthPx: made.widthPx,
        heightPx: made.heightPx,
        durationSeconds: made.durationSeconds,
      }),
      costMillicredits: price,
    };
  });
}
