import type { CutoutEngine } from '../../engines/image/port.js';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { alphaBox, decodeImage } from '../images/raster-io.js';
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
  const photo = await decodeImage(path);
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
