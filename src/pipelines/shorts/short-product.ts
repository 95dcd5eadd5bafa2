import type { RgbaImage } from '../../core/raster.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import { alphaBox, cropImage, decodeImage, resizeImage } from '../images/raster-io.js';
import type { ShortProductPicture } from './illustrator/draw-product.js';
import { PICTURE_CONFIDENCE_FLOOR } from './illustrator/match-pictures.js';
import { isAboutProduct, productWordsOf } from './product-sentences.js';

/** At least this share of a short's scenes show the product when one is given (issue 28 pt 6). */
export const PRODUCT_SCENE_SHARE = 1 / 3;
/** The product is drawn at most about this large: a picture is half the frame (1080 × 1920 → 540 × 960). */
const MAX_PRODUCT_PX = 720;
/** A cut-out keeping less than this share of the photo found nothing; more than this kept the background. */
const MIN_SUBJECT_SHARE = 0.005;
const MAX_SUBJECT_SHARE = 0.9;

/** Words that present the product: a sentence saying them (or its name) always shows it. */
const PRESENTING_WORDS = new Set(['meet', 'introducing', 'introduce', 'presenting']);
/** Words that point at the product: a sentence saying them is about it, first in line to show it. */
const POINTING_WORDS = new Set(['it', 'its', 'this', 'our', 'yours']);

/**
 * Which scenes show the product: every scene that names it or presents it ("Meet the …"), every
 * scene about it (its subject is "it"/"this"/the product, or it says only the product's material,
 * colour, finish or size: product-sentences.ts), every scene whose sentence names nothing drawable
 * with confidence (the product, not a guess), the last (the call to action over it); then scenes
 * that point at it anywhere, then the least confident — until at least a third of the scenes show
 * it. A product scene shows the product alone, large; the others show their sentence's pictures. Pure.
 */
export function productSceneIndexes(scenes: readonly { text: string; confidence: number }[], productName: string | null): Set<number> {
  const n = scenes.length;
  const chosen = new Set<number>();
  if (n === 0) return chosen;
  const need = Math.ceil(n * PRODUCT_SCENE_SHARE);
  // The title's first distinctive words are its brand and model ("Northpeak TrailFlask"); the rest
  // say what it is ("water bottle"), which many sentences say without naming it.
  const nameWords = new Set(
    wordsOf(productName ?? '')
      .filter((w) => w.length > 2 && !GENERIC_NAME_WORDS.has(w) && !/^\d/.test(w))
      .slice(0, 2),
  );
  const words = scenes.map((s) => wordsOf(s.text));
  const titleWords = productWordsOf(productName);
  scenes.forEach((s, i) => {
    if (s.confidence < PICTURE_CONFIDENCE_FLOOR || words[i]!.some((w) => nameWords.has(w) || PRESENTING_WORDS.has(w)) || isAboutProduct(s.text, titleWords))
      chosen.add(i);
  });
  chosen.add(n - 1);
  const rest = scenes
    .map((s, i) => ({ i, points: words[i]!.some((w) => POINTING_WORDS.has(w)), confidence: s.confidence }))
    .filter((s) => !chosen.has(s.i))
    .sort((a, b) => Number(b.points) - Number(a.points) || a.confidence - b.confidence || a.i - b.i);
  for (const s of rest) {
    if (chosen.size >= need) break;
    chosen.add(s.i);
  }
  return chosen;
}

/** Words of a product's title that say what it is, not which one ("32 oz", "with", "new"): they do not name it. */
const GENERIC_NAME_WORDS = new Set(['the', 'and', 'with', 'for', 'new', 'pack', 'set', 'size', 'inch', 'oz']);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The product's photos as a short draws them: fetched through the fetcher's rules, cut out where
 * the cut-out engine finds the product (trimmed to it, with the photo and the product's box in it),
 * else the whole photo; at most
 * MAX_PRODUCT_PX on a side. A photo that cannot be fetched or decoded is skipped; none usable → [].
 */
export async function loadProductPictures(
  urls: readonly string[],
  deps: { fetcher: UrlFetcher; cutout: CutoutEngine | null },
  signal?: AbortSignal,
): Promise<ShortProductPicture[]> {
  const out: ShortProductPicture[] = [];
  for (const url of urls) {
    signal?.throwIfAborted();
    let photo: RgbaImage;
    try {
      const got = await deps.fetcher.fetch(url, { accept: ['image'], signal });
      photo = await shrink(await decodeImage(got.body));
    } catch (err) {
      if (signal?.aborted) throw err;
      continue;
    }
    out.push(await cutOutOrWhole(photo, deps.cutout, signal));
  }
  return out;
}

async function cutOutOrWhole(photo: RgbaImage, cutout: CutoutEngine | null, signal?: AbortSignal): Promise<ShortProductPicture> {
  if (!cutout) return { image: photo, cutOut: false };
  try {
    const cut = await cutout.cutOut(photo, { signal });
    const box = alphaBox(cut, 128);
    let opaque = 0;
    for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]! >= 128) opaque++;
    const share = opaque / (cut.width * cut.height);
    // The whole photo and the product's box in it go along: a scene may show the photo itself, cropped around the product.
    if (box && share >= MIN_SUBJECT_SHARE && share <= MAX_SUBJECT_SHARE) return { image: cropImage(cut, box), cutOut: true, photo, box };
  } catch (err) {
    if (signal?.aborted) throw err;
  }
  return { image: photo, cutOut: false };
}

async function shrink(img: RgbaImage): Promise<RgbaImage> {
  const scale = MAX_PRODUCT_PX / Math.max(img.width, img.height);
  return scale >= 1 ? img : resizeImage(img, Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
}
