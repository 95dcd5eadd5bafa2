import type { RgbaImage } from '../../../core/raster.js';
import { createRng, seedFor } from '../../../core/random.js';
import type { ShortStyle } from '../../../domain/shorts/short-styles.js';
import { composeScene } from './compose-scene.js';
import { iconsForText } from './icon-library.js';
import { SHORT_LOOKS } from './short-looks.js';

export interface SceneIllustration {
  image: RgbaImage;
  /** The pictures the scene shows (names in the icon set), the main one first. */
  icons: string[];
  /** How many of them the scene's own words named (the rest are general-purpose). */
  matched: number;
}

/**
 * The built-in illustrator: a scene's words → the pictures they name → composed on the style's
 * backdrop and staging → the style's look. Same text, style, size and seed → same pixels.
 */
export async function illustrateScene(req: { text: string; style: ShortStyle; width: number; height: number; seed: number }): Promise<SceneIllustration> {
  const rng = createRng(seedFor(`${req.seed}|${req.style}|${req.text}`));
  const { names, matched } = iconsForText(req.text, 3, rng.int(0, 1000));
  const look = SHORT_LOOKS[req.style];
  const composed = await composeScene({ width: req.width, height: req.height, icons: names, look, rng: rng.fork('compose') });
  const image = await look.look(composed, rng.fork('look'));
  return { image, icons: names, matched };
}

/** What a remote image model is asked for a scene: the scene's words in the style's terms. */
export function scenePrompt(text: string, style: ShortStyle): string {
  return `${SHORT_LOOKS[style].prompt}. An illustration of: ${text.trim()} No text or lettering in the image.`;
}
