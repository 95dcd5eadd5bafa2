import { iabKind } from '../../domain/iab-images/iab-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { makeIabImages } from '../../pipelines/iab-images/iab-images.js';
import { defineKindJob } from '../job-definition.js';

export interface IabJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  faces: FaceEngine;
  images: Pick<ImageEngines, 'cutout' | 'cropper'>;
}

/** IAB Images: the twelve banners of the photo (smart crops and composed banners, or designed with a link's logo, name, price and button), PNG, in blob storage. */
export function iabImagesJob(deps: IabJobDeps) {
  return defineKindJob(iabKind, 'make', async ({ input, task, run }) => {
    const made = await makeIabImages(input, deps, run());
    const banners = [];
    for (const b of made.banners) {
      const key = iabKind.fileKey(task, 'banners', `${b.banner.name}.png`);
      await deps.blobs.putFile(key, b.path);
      banners.push({ name: b.banner.name, size: b.banner.size, type: b.banner.type, key, layout: b.layout });
    }
    return {
      result: iabKind.resultPatch({ banners }),
      costMillicredits: iabKind.price('make', input, {}),
    };
  });
}
