import { join } from 'node:path';
import { adCloneKind } from '../../domain/ad-clone/ad-clone-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { makeAdClone, type AdCloneDeps } from '../../pipelines/ad-clone/make-ad-clone.js';
import { defineKindJob } from '../job-definition.js';

export interface AdCloneJobDeps extends AdCloneDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  outputScale: number;
}

/** Ad clone: the reference downloaded and analysed, the clone rendered from its template; analysis, template and MP4 saved. */
export function adCloneJob(deps: AdCloneJobDeps) {
  return defineKindJob(adCloneKind, 'make', async ({ input, task, signal, workDir, reportProgress }) => {
    const reference = await deps.fetcher.download(input.videoUrl, join(workDir, 'reference'), { accept: ['video'], signal });
    reportProgress(3);
    const videoPath = join(workDir, 'clone.mp4');
    const thumbnailPath = join(workDir, 'clone.jpg');
    const made = await makeAdClone(deps, {
      ...input,
      accountId: task.accountId,
      referencePath: reference.path,
      videoPath,
      thumbnailPath,
      workDir,
      outputScale: deps.outputScale,
      signal,
      onProgress: (f) => reportProgress(3 + 95 * Math.min(1, Math.max(0, f))),
    });
    const outputKey = adCloneKind.fileKey(task, 'output');
    const thumbnailKey = adCloneKind.fileKey(task, 'thumbnail');
    await deps.blobs.putFile(outputKey, videoPath);
    await deps.blobs.putFile(thumbnailKey, thumbnailPath);
    const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
    return {
      result: adCloneKind.resultPatch({
        analysis: made.analysis,
        template: { ...made.template },
        script: made.script ?? '',
        outputKey,
        thumbnailKey,
        durationSeconds,
      }),
      costMillicredits: adCloneKind.price('make', input, { durationSeconds }),
    };
  });
}
