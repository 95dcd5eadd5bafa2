import { join } from 'node:path';
import type { RgbaImage } from '../../core/raster.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { decodeImage } from '../images/raster-io.js';
import { saveStagedLayers } from '../images/staging/save-layers.js';
import { stageProduct } from '../images/staging/stage-product.js';
import type { StagedLayerFiles, StagedScene, StageRequest } from '../images/staging/staged-scene.js';
import { paintSetting, paintsSetting } from '../images/settings/paint-setting.js';
import { fitWithin, resizeRgba } from './raster-ops.js';

/** Product photos are cut out at this size at most: enough for a 1080p frame, and the cut-out's time grows with pixels. */
const CUTOUT_MAX_PX = 1600;

export interface ProductImageRequest {
  productUrl: string;
  showcaseUrl: string | null;
  /** The cut-out presenter (override_avatar), when there is one. */
  presenter: RgbaImage | null;
  width: number;
  height: number;
  prompt: string | null;
  seed: number;
  /** Where the layer PNGs are written. */
  dir: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

export interface ProductImage {
  scene: StagedScene;
  files: StagedLayerFiles;
  /** The product cut out at its own size (the staged layer is scaled), for staging again with a presenter. */
  cutout: RgbaImage;
  showcaseCutout: RgbaImage | null;
}

/**
 * The still of gen_image: the product (and its second view) cut out of the client's photos and
 * staged at the frame size. With a remote images provider, the prompt paints the background
 * only; the product's pixels are always the photo's own.
 */
export async function makeProductImage(req: ProductImageRequest, deps: { images: ImageEngines; fetcher: UrlFetcher }): Promise<ProductImage> {
  const { signal } = req;
  const cutOut = async (url: string, name: string) => {
    const file = await deps.fetcher.download(url, join(req.dir, name), { accept: ['image'], signal });
    const photo = await fitWithin(await decodeImage(file.path), CUTOUT_MAX_PX);
    return deps.images.cutout.cutOut(photo, { signal });
  };
  const cutout = await cutOut(req.productUrl, 'product-source');
  req.onProgress?.(0.4);
  const showcaseCutout = req.showcaseUrl ? await cutOut(req.showcaseUrl, 'showcase-source') : null;
  req.onProgress?.(0.55);
  const background = req.prompt && deps.images.generator ? await generatedBackground(deps.images.generator, req) : undefined;
  const setting = !background && req.prompt && paintsSetting(req.prompt) ? promptSetting(req.prompt, req) : undefined;
  req.onProgress?.(0.75);
  const scene = await stageProduct({
    product: cutout,
    width: req.width,
    height: req.height,
    seed: req.seed,
    ...(req.prompt ? { prompt: req.prompt } : {}),
    ...(showcaseCutout ? { showcase: showcaseCutout } : {}),
    ...(req.presenter ? { presenter: req.presenter } : {}),
    ...(background ? { background } : {}),
    ...(setting ? { setting } : {}),
    signal,
  });
  const files = await saveStagedLayers(scene, req.dir);
  req.onProgress?.(1);
  return { scene, files, cutout, showcaseCutout };
}

/**
 * The prompt's setting as the asset generator paints it (`images/settings/`: "granite, mountain" is a
 * granite ledge before a mountain range), drawn around the staging's own layout so the ledge, the
 * light and the shadow fall under the product (and its second view and presenter). Prompts resting
 * on what only the staging scenes draw (podiums, fabrics, glossy floors) stay with those.
 */
function promptSetting(prompt: string, req: Pick<ProductImageRequest, 'width' | 'height' | 'seed'>): NonNullable<StageRequest['setting']> {
  return (layout, palette) => {
    const painted = paintSetting({ prompt, width: req.width, height: req.height, seed: req.seed, palette, layout });
    return { image: painted.image, description: painted.plan.description, lightX: painted.plan.lightX };
  };
}

/** An empty scene painted by the remote provider from the prompt, at the frame's size. */
async function generatedBackground(generator: NonNullable<ImageEngines['generator']>, req: ProductImageRequest): Promise<RgbaImage | undefined> {
  const [painted] = await generator.generate({
    prompt: `${req.prompt}. An empty backdrop for a product photo: no objects, no text, room in the middle.`,
    width: req.width,
    height: req.height,
    count: 1,
    signal: req.signal,
  });
  if (!painted) return undefined;
  return painted.width === req.width && painted.height === req.height ? painted : resizeRgba(painted, { width: req.width, height: req.height, fit: 'cover' });
}
