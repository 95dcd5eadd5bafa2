import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import type { ShortStyle } from '../../domain/shorts/short-styles.js';
import type { ImageGenerator } from '../../engines/image/port.js';
import { encodePng, resizeImage } from '../images/raster-io.js';
import { writeFile } from 'node:fs/promises';
import { scenePrompt } from './illustrator/illustrate-scene.js';
import { illustrateOffThread } from './illustrator/illustrate-worker.js';
import { drawProductOver, type ShortProductPicture } from './illustrator/draw-product.js';

export interface ScenePicture {
  file: string;
  drawnBy: string;
  icons: string[];
  /** What stands in the middle: the sentence's pictures, the product, or a neutral design. */
  shows: 'pictures' | 'product' | 'neutral';
}

/**
 * One scene's picture, written as PNG into `dir`: painted by the remote images provider from a
 * prompt of the scene's words and the style when one is configured, drawn by the built-in
 * illustrator otherwise. With `product`, the product stands in the middle of either.
 */
export async function drawScenePicture(
  req: { index: number; text: string; style: ShortStyle; width: number; height: number; seed: number; dir: string; product?: ShortProductPicture | null },
  deps: { generator: ImageGenerator | null },
  signal?: AbortSignal,
): Promise<ScenePicture> {
  const file = `scenes/${String(req.index).padStart(2, '0')}.png`;
  let image: RgbaImage;
  let drawnBy = 'built-in';
  let icons: string[] = [];
  let shows: ScenePicture['shows'] = req.product ? 'product' : 'pictures';
  if (deps.generator) {
    const painted = await deps.generator
      .generate({ prompt: scenePrompt(req.text, req.style), width: req.width, height: req.height, count: 1, signal })
      .catch((err: unknown) => {
        throw new TaskFailure(`the images provider could not paint scene ${req.index + 1}: ${err instanceof Error ? err.message : String(err)}`, true);
      });
    if (!painted[0]) throw new TaskFailure(`the images provider returned no picture for scene ${req.index + 1}`, true);
    image = painted[0].width === req.width && painted[0].height === req.height ? painted[0] : await resizeImage(painted[0], req.width, req.height, 'cover');
    drawnBy = `remote:${deps.generator.model}`;
    if (req.product) {
      const short = Math.min(req.width, req.height);
      image = await drawProductOver(image, req.product, { x: req.width / 2, y: req.height * 0.42, size: short * 0.56, angle: 0 });
    }
  } else {
    const drawn = await illustrateOffThread.run(
      [{ text: req.text, style: req.style, width: req.width, height: req.height, seed: req.seed, product: req.product ?? null }],
      { signal },
    );
    image = drawn.image;
    icons = drawn.icons;
    shows = drawn.shows;
  }
  await writeFile(join(req.dir, file), await encodePng(image));
  return { file, drawnBy, icons, shows };
}
