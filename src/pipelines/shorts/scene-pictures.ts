import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import { createRng, seedFor } from '../../core/random.js';
import type { ShortStyle } from '../../domain/shorts/short-styles.js';
import type { ImageGenerator } from '../../engines/image/port.js';
import type { BackgroundMotion, PushIn } from '../../media/timeline.js';
import { encodePng, resizeImage } from '../images/raster-io.js';
import type { ShortProductPicture } from './illustrator/draw-product.js';
import { frameProduct, type ProductFraming } from './illustrator/frame-product.js';
import { scenePrompt } from './illustrator/illustrate-scene.js';
import { illustrateOffThread } from './illustrator/illustrate-worker.js';
import { SHORT_LOOKS } from './illustrator/short-looks.js';

export interface ScenePicture {
  file: string;
  drawnBy: string;
  icons: string[];
  /** What stands in the middle: the sentence's pictures, the product, or a neutral design. */
  shows: 'pictures' | 'product' | 'neutral';
  /** A product scene: the motion that keeps the product whole, with its push-in. */
  motion?: BackgroundMotion;
  push?: PushIn;
}

/**
 * One scene's picture, written as PNG into `dir`: painted by the remote images provider from a
 * prompt of the scene's words and the style when one is configured, drawn by the built-in
 * illustrator otherwise. With `product`, the picture is the product, framed as `framing` asks
 * (over the provider's picture when there is one).
 */
export async function drawScenePicture(
  req: {
    index: number;
    text: string;
    style: ShortStyle;
    width: number;
    height: number;
    seed: number;
    dir: string;
    product?: ShortProductPicture | null;
    framing?: ProductFraming;
    productWords?: string[];
  },
  deps: { generator: ImageGenerator | null },
  signal?: AbortSignal,
): Promise<ScenePicture> {
  const file = `scenes/${String(req.index).padStart(2, '0')}.png`;
  let out: Omit<ScenePicture, 'file'> & { image: RgbaImage };
  if (deps.generator) {
    const painted = await deps.generator
      .generate({ prompt: scenePrompt(req.text, req.style), width: req.width, height: req.height, count: 1, signal })
      .catch((err: unknown) => {
        throw new TaskFailure(`the images provider could not paint scene ${req.index + 1}: ${err instanceof Error ? err.message : String(err)}`, true);
      });
    if (!painted[0]) throw new TaskFailure(`the images provider returned no picture for scene ${req.index + 1}`, true);
    const image =
      painted[0].width === req.width && painted[0].height === req.height ? painted[0] : await resizeImage(painted[0], req.width, req.height, 'cover');
    out = { image, drawnBy: `remote:${deps.generator.model}`, icons: [], shows: 'pictures' };
    if (req.product) {
      const framed = await frameProduct({
        product: req.product,
        framing: req.framing === 'staged' ? 'hero' : (req.framing ?? 'hero'),
        width: req.width,
        height: req.height,
        look: SHORT_LOOKS[req.style],
        rng: createRng(seedFor(`${req.seed}|${req.style}|${req.text}`)),
        text: req.text,
        painted: image,
      });
      out = { ...out, image: framed.image, shows: 'product', motion: framed.motion, ...(framed.push ? { push: framed.push } : {}) };
    }
  } else {
    const drawn = await illustrateOffThread.run(
      [
        {
          text: req.text,
          style: req.style,
          width: req.width,
          height: req.height,
          seed: req.seed,
          product: req.product ?? null,
          ...(req.framing ? { framing: req.framing } : {}),
          ...(req.productWords ? { productWords: req.productWords } : {}),
        },
      ],
      { signal },
    );
    out = {
      image: drawn.image,
      drawnBy: 'built-in',
      icons: drawn.icons,
      shows: drawn.shows,
      ...(drawn.product ? { motion: drawn.product.motion, ...(drawn.product.push ? { push: drawn.product.push } : {}) } : {}),
    };
  }
  const { image, ...rest } = out;
  await writeFile(join(req.dir, file), await encodePng(image));
  return { file, ...rest };
}
