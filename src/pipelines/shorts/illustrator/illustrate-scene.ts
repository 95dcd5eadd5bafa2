import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import { createRng, seedFor } from '../../../core/random.js';
import type { ShortStyle } from '../../../domain/shorts/short-styles.js';
import type { BackgroundMotion, PushIn } from '../../../media/timeline.js';
import { composeScene } from './compose-scene.js';
import type { ShortProductPicture } from './draw-product.js';
import { frameProduct, type ProductFraming } from './frame-product.js';
import { choosePictures } from './match-pictures.js';
import { SHORT_LOOKS } from './short-looks.js';

export interface SceneIllustration {
  image: RgbaImage;
  /** The pictures the scene shows (names in the icon set), the main one first; empty for a product or neutral scene. */
  icons: string[];
  /** How many of them the scene's own words chose (all of them: no picture is shown as a guess). */
  matched: number;
  /** The best picture's score against the confidence floor (match-pictures.ts). */
  confidence: number;
  /** What the scene shows in its middle: the sentence's pictures, the product, or a neutral design. */
  shows: 'pictures' | 'product' | 'neutral';
  /** A product scene: where the product stands (pixels), and the motion that keeps it whole (with its push). */
  product?: { box: PixelBox; motion: BackgroundMotion; push?: PushIn; kind: 'photo' | 'designed' | 'staged' };
}

/**
 * The built-in illustrator: a scene's whole sentence → the pictures it means (none below the
 * confidence floor; colour words and the product's own words choose none) → composed on the
 * style's backdrop and staging → the style's look. With a product, the product is the picture:
 * large and whole, framed as asked (frame-product.ts), in its own colours. Same text, style, size,
 * seed, product and framing → same pixels.
 */
export async function illustrateScene(req: {
  text: string;
  style: ShortStyle;
  width: number;
  height: number;
  seed: number;
  product?: ShortProductPicture | null;
  framing?: ProductFraming;
  /** Words of the product's title: the product itself, never pictured by an icon. */
  productWords?: string[];
}): Promise<SceneIllustration> {
  const rng = createRng(seedFor(`${req.seed}|${req.style}|${req.text}`));
  const product = req.product ?? null;
  const look = SHORT_LOOKS[req.style];
  if (product) {
    const framed = await frameProduct({
      product,
      framing: req.framing ?? 'hero',
      width: req.width,
      height: req.height,
      look,
      rng: rng.fork('product'),
      text: req.text,
    });
    return {
      image: framed.image,
      icons: [],
      matched: 0,
      confidence: choosePictures(req.text, 1, { ignore: new Set(req.productWords ?? []) }).confidence,
      shows: 'product',
      product: { box: framed.product, motion: framed.motion, ...(framed.push ? { push: framed.push } : {}), kind: framed.kind },
    };
  }
  const choice = choosePictures(req.text, 3, { ignore: new Set(req.productWords ?? []) });
  const composed = await composeScene({ width: req.width, height: req.height, icons: choice.names, look, rng: rng.fork('compose') });
  const image = await look.look(composed.image, rng.fork('look'));
  return { image, icons: choice.names, matched: choice.names.length, confidence: choice.confidence, shows: choice.names.length > 0 ? 'pictures' : 'neutral' };
}

/** What a remote image model is asked for a scene: the scene's words in the style's terms. */
export function scenePrompt(text: string, style: ShortStyle): string {
  return `${SHORT_LOOKS[style].prompt}. An illustration of: ${text.trim()} No text or lettering in the image.`;
}
