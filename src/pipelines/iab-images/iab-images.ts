import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import type { iabKind } from '../../domain/iab-images/iab-kind.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { decodeImage } from '../images/raster-io.js';
import { makeIabBanners, type IabBannersMade } from './make-iab-banners.js';
import type { StepRun } from '../../core/step-run.js';

/** An IAB Images task's input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type IabInput = ReturnType<typeof iabKind.inputOf>;

export interface IabImagesDeps {
  fetcher: UrlFetcher;
  faces: FaceEngine;
  images: Pick<ImageEngines, 'cutout' | 'cropper'>;
}

/** Photos larger than this are refused: decoding them would hold gigabytes for banners under 1000 px. */
const MAX_PHOTO_PIXELS = 50_000_000;

/** IAB Images: the photo at `image` fetched and decoded, then its twelve banners as PNGs in `workDir/banners`. */
export async function makeIabImages(input: IabInput, deps: IabImagesDeps, opts: StepRun): Promise<IabBannersMade> {
  const { workDir, signal } = opts;
  const file = await deps.fetcher.download(input.imageUrl, join(workDir, 'photo'), { accept: ['image'], signal });
  opts.onProgress(0.05);
  const photo = await decoded(file.path);
  const outDir = join(workDir, 'banners');
  await mkdir(outDir, { recursive: true });
  return makeIabBanners({
    photo,
    outDir,
    faces: deps.faces,
    cutout: deps.images.cutout,
    cropper: deps.images.cropper,
    signal,
    onProgress: (f) => opts.onProgress(0.05 + f * 0.88),
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
