import { stat } from 'node:fs/promises';
import type { CutoutEngine } from '../../engines/image/port.js';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { alphaBox, decodeImage, resizeImage } from '../images/raster-io.js';
import type { AnalysedPhoto } from './product-shot.js';

/** A cut-out keeping less than this share of the photo found nothing; more than this kept the background too. */
const MIN_SUBJECT_SHARE = 0.005;
const MAX_SUBJECT_SHARE = 0.9;

/**
 * A product photo read and its product found: the cut-out engine's mask (alpha ≥ 128) gives the
 * product's box. A photo the engine cannot separate (a busy scene: `NothingToCutOut`), or a mask
 * that kept almost nothing or almost everything, gives no box: the photo is then the product, whole.
 */
export async function analysePhoto(path: string, cutout: CutoutEngine | null, signal?: AbortSignal): Promise<AnalysedPhoto> {
  // One job renders several previews (one per style) from the same photos: each is cut out once.
  // A cut-out model takes seconds a photo (ISNet about 4 s at 1000 px on 2 cores; border-key 0.2 s).
  const info = await stat(path);
  const key = `${path}|${info.size}|${info.mtimeMs}|${cutout?.name ?? 'none'}`;
  const cached = RECENT.get(key);
  if (cached !== undefined) return cached;
  const found = analyse(path, cutout, signal);
  RECENT.set(key, found);
  if (RECENT.size > RECENT_MAX) RECENT.delete(RECENT.keys().next().value!);
  // A failed or cancelled analysis is not kept.
  found.catch(() => RECENT.delete(key));
  return found;
}

/** The last few photos analysed (by file, size, time and engine), oldest first. */
const RECENT = new Map<string, Promise<AnalysedPhoto>>();
/** A page's photos (four or so) for one job; each entry holds the photo and its cut-out (≤ 2048 px a side: ≤ 34 MB). */
const RECENT_MAX = 5;
/** Photos are worked at most this large: more is never shown (a full frame is 1920 px long) and only slows the cut-out. */
const MAX_SIDE_PX = 2048;

async function analyse(path: string, cutout: CutoutEngine | null, signal?: AbortSignal): Promise<AnalysedPhoto> {
  const read = await decodeImage(path);
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(read.width, read.height));
  const photo = scale < 1 ? await resizeImage(read, Math.round(read.width * scale), Math.round(read.height * scale)) : read;
  if (!cutout) return { photo, cutout: null, box: null };
  let cut: RgbaImage;
  try {
    cut = await cutout.cutOut(photo, { signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { photo, cutout: null, box: null };
  }
  const box = productBoxOf(cut);
  return box ? { photo, cutout: cut, box } : { photo, cutout: null, box: null };
}

/** The box of a cut-out's opaque part, or null when it kept almost nothing or almost everything. */
export function productBoxOf(cut: RgbaImage): PixelBox | null {
  const box = alphaBox(cut, 128);
  if (!box) return null;
  let opaque = 0;
  for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]! >= 128) opaque++;
  const share = opaque / (cut.width * cut.height);
  return share < MIN_SUBJECT_SHARE || share > MAX_SUBJECT_SHARE ? null : box;
}
