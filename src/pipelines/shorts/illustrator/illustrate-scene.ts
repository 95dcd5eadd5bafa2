import type { RgbaImage } from '../../../core/raster.js';
import { createRng, seedFor } from '../../../core/random.js';
import type { ShortStyle } from '../../../domain/shorts/short-styles.js';
import { composeScene } from './compose-scene.js';
import { drawProductOver, type ShortProductPicture } from './draw-product.js';
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
}

/**
 * The built-in illustrator: a scene's whole sentence → the pictures it means (none below the
 * confidence floor) → composed on the style's backdrop and staging → the style's look; with a
 * product, the product stands in the middle (drawn after the look, in its own colours) and up to
 * two of the sentence's pictures around it. Same text, style, size, seed and product → same pixels.
 */
export async function illustrateScene(req: {
  text: string;
  style: ShortStyle;
  width: number;
  height: number;
  seed: number;
  product?: ShortProductPicture | null;
}): Promise<SceneIllustration> {
  const rng = createRng(seedFor(`${req.seed}|${req.style}|${req.text}`));
  const product = req.product ?? null;
  const choice = choosePictures(req.text, product ? 2 : 3);
  const look = SHORT_LOOKS[req.style];
  const composed = await composeScene({
    width: req.width,
    height: req.height,
    icons: choice.names,
    look,
    rng: rng.fork('compose'),
    reserveMain: Boolean(product),
  });
  const styled = await look.look(composed.image, rng.fork('look'));
  const image = product ? await drawProductOver(styled, product, composed.main) : styled;
  return {
    image,
    icons: choice.names,
    matched: choice.names.length,
    confidence: choice.confidence,
    shows: product ? 'product' : choice.names.length > 0 ? 'pictures' : 'neutral',
  };
}

/** What a remote image model is asked for a scene: the scene's words in the style's terms. */
export function scenePrompt(text: string, style: ShortStyle): string {
  return `${SHORT_LOOKS[style].prompt}. An illustration of: ${text.trim()} No text or lettering in the image.`;
}
