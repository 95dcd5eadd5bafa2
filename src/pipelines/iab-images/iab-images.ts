import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import type { iabKind } from '../../domain/iab-images/iab-kind.js';
import type { FaceEngine } from '../../engines/face/index.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageEngines } from '../../engines/image/port.js';
import type { IabCopy } from '../../domain/iab-images/iab-kind.js';
import { decodeImage } from '../images/raster-io.js';
import { formatPrice } from '../text/write-ad-script.js';
import type { BannerWords } from './banner-slots.js';
import { trimLogo } from './logo.js';
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

/**
 * IAB Images: the photo at `image` fetched and decoded (and a link's logo, when the task has one),
 * then its twelve banners as PNGs in `workDir/banners`.
 */
export async function makeIabImages(input: IabInput, deps: IabImagesDeps, opts: StepRun): Promise<IabBannersMade> {
  const { workDir, signal } = opts;
  const file = await deps.fetcher.download(input.imageUrl, join(workDir, 'photo'), { accept: ['image'], signal });
  const logo = input.copy?.logoUrl ? await logoAt(input.copy.logoUrl, deps.fetcher, workDir, signal) : null;
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
    ...(input.copy ? { copy: { words: bannerWords(input.copy), logo } } : {}),
    signal,
    onProgress: (f) => opts.onProgress(0.05 + f * 0.88),
  });
}

/** The words a link gives a banner: a short name, the price as the shop writes it, the button. */
export function bannerWords(copy: IabCopy): BannerWords {
  return {
    headline: copy.headline ? bannerHeadline(copy.headline) : null,
    price: copy.price ? formatPrice(copy.price, 'en') : null,
    cta: copy.cta,
  };
}

/** Longest product name a banner shows whole; a longer title is cut at a phrase break, never mid-phrase. */
const MAX_HEADLINE_CHARS = 48;

/**
 * A product title as a banner's name: shop titles run long ("TrailFlask 32 oz – Insulated Steel
 * Bottle, Leak-proof Lid | Northpeak"); the first phrases that fit (split at " – ", " - ", " | ",
 * ", ", ": ") are kept whole. A title with no break is kept as it is: the layout then wraps and
 * shrinks it, and leaves it out where it cannot fit, rather than cutting a word.
 */
export function bannerHeadline(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_HEADLINE_CHARS) return clean;
  const phrases = clean.split(/\s+[–—|-]\s+|,\s+|:\s+/).filter(Boolean);
  let out = '';
  for (const p of phrases) {
    const next = out ? `${out} ${p}` : p;
    if (next.length > MAX_HEADLINE_CHARS) break;
    out = next;
  }
  return out || clean;
}

/** The logo, decoded and trimmed to its visible part; null when it cannot be fetched or read (the banners go without). */
async function logoAt(url: string, fetcher: UrlFetcher, workDir: string, signal: AbortSignal): Promise<RgbaImage | null> {
  try {
    const file = await fetcher.download(url, join(workDir, 'logo'), { accept: ['image'], signal });
    const logo = await decodeImage(file.path);
    if (logo.width * logo.height > MAX_PHOTO_PIXELS) return null;
    return trimLogo(logo);
  } catch {
    signal.throwIfAborted();
    return null;
  }
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
