import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import { iabKind } from '../../domain/images/iab-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { makeIabBanners } from '../../pipelines/images/iab/make-iab-banners.js';
import { decodeImage } from '../../pipelines/images/raster-io.js';
import { defineJob } from '../job-definition.js';

export interface IabJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  faces: FaceEngine;
  images: Pick<ImageEngines, 'cutout' | 'cropper'>;
}

/** Photos larger than this are refused: decoding them would hold gigabytes for banners under 1000 px. */
const MAX_PHOTO_PIXELS = 50_000_000;

/** IAB Images: the twelve banners of the photo (smart crops and composed banners), PNG, in blob storage. */
export function iabImagesJob(deps: IabJobDeps) {
  return defineJob({
    name: iabKind.jobs.make,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const input = iabKind.inputOf(task);
      const file = await deps.fetcher.download(input.imageUrl, join(workDir, 'photo'), { accept: ['image'], signal });
      reportProgress(5);
      const photo = await decoded(file.path);
      const outDir = join(workDir, 'banners');
      await mkdir(outDir, { recursive: true });
      const made = await makeIabBanners({
        photo,
        outDir,
        faces: deps.faces,
        cutout: deps.images.cutout,
        cropper: deps.images.cropper,
        signal,
        onProgress: (f) => reportProgress(5 + f * 88),
      });
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
    },
  });
}

async function decoded(path: string): Promise<RgbaImage> {
  let photo: RgbaImage;
  try {
    photo = await decodeImage(path);
  } catch {
    throw new TaskFailure('The picture at `image` could not be decoded (damaged or not a PNG, JPEG or WebP file); send it again.');
  }
  if (photo.width * photo.height > MAX_PHOTO_PIXELS) {
    throw new TaskFailure(`The picture at \`image\` is ${photo.width}x${photo.height}; send one of at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`);
  }
  return photo;
}
