import { NothingToCutOut } from '../../../core/errors.js';
import type { RgbaImage } from '../../../core/raster.js';
import { alphaBox, cropImage, drawOver, resizeImage } from '../raster-io.js';
import { chooseScene } from './choose-scene.js';
import { planLayout } from './layout.js';
import { productPalette } from './palette.js';
import { paintScene } from './scenes/index.js';
import { shadowLayer, type Grounded } from './shadows.js';
import type { PlacedLayer, StageRequest, StagedScene } from './staged-scene.js';

/**
 * Stages a cut-out product in a scene: a built-in procedural scene chosen from the prompt and seed,
 * or a background made elsewhere. The product (and a showcase view, a presenter) are scaled and
 * their pixels copied, never redrawn or recoloured; the shadow layer grounds them on the floor.
 */
export async function stageProduct(req: StageRequest): Promise<StagedScene> {
  const { width: W, height: H, signal } = req;
  const progress = (f: number) => req.onProgress?.(f);
  const check = () => signal?.throwIfAborted();
  check();
  const product = trimmed(req.product);
  if (!product)
    throw new NothingToCutOut(
      'The product cut-out is empty: nothing was left after removing the background. Send a photo where the product stands out from its background.',
    );
  const showcase = req.showcase ? trimmed(req.showcase) : null;
  const presenter = req.presenter ? trimmed(req.presenter) : null;
  const palette = productPalette(product);
  const choice = chooseScene(req.prompt, req.seed, palette, req.scene);
  const remote = !!req.background;
  const drawnSetting = !remote && !!req.setting;
  const podium = !remote && !drawnSetting && choice.kind === 'podium';
  const layout = planLayout({
    width: W,
    height: H,
    product,
    ...(showcase ? { showcase } : {}),
    ...(presenter ? { presenter: { width: presenter.width, height: presenter.height, cutAtBottom: presenter.cutAtBottom } } : {}),
    podium,
  });
  progress(0.1);

  const setting = drawnSetting ? req.setting!(layout, palette) : null;
  const background = req.background ? await resizeImage(req.background, W, H, 'cover') : setting ? setting.image : paintScene(choice, layout, palette);
  forceOpaque(background);
  check();
  progress(0.6);

  const productLayer: PlacedLayer = { image: await resizeImage(product, layout.product.width, layout.product.height), box: layout.product };
  const showcaseLayer: PlacedLayer | undefined =
    showcase && layout.showcase ? { image: await resizeImage(showcase, layout.showcase.width, layout.showcase.height), box: layout.showcase } : undefined;
  const presenterLayer: PlacedLayer | undefined =
    presenter && layout.presenter ? { image: await resizeImage(presenter, layout.presenter.width, layout.presenter.height), box: layout.presenter } : undefined;
  check();
  progress(0.75);

  const reflection = remote || setting ? 0 : choice.kind === 'reflection-floor' ? 0.42 : choice.kind === 'marble-surface' ? 0.12 : 0;
  const grounded: Grounded[] = [{ ...productLayer, reflection, castLength: podium ? 0.35 : 1 }];
  if (showcaseLayer) grounded.push({ ...showcaseLayer, reflection, castLength: podium ? 0.35 : 1 });
  if (presenterLayer && !presenter!.cutAtBottom) grounded.push({ ...presenterLayer, reflection: reflection * 0.6, castLength: 0.8 });
  const shadow = shadowLayer(W, H, grounded, remote ? 0.35 : setting ? setting.lightX : choice.lightX);
  check();
  progress(0.9);

  const composite: RgbaImage = { width: W, height: H, data: new Uint8Array(background.data) };
  drawOver(composite, shadow, 0, 0);
  if (presenterLayer) drawOver(composite, presenterLayer.image, presenterLayer.box.x, presenterLayer.box.y);
  if (showcaseLayer) drawOver(composite, showcaseLayer.image, showcaseLayer.box.x, showcaseLayer.box.y);
  drawOver(composite, productLayer.image, productLayer.box.x, productLayer.box.y);
  progress(1);

  const scene: StagedScene = {
    kind: remote ? 'remote' : setting ? 'setting' : choice.kind,
    description: remote ? 'product on a generated background' : setting ? setting.description : choice.description,
    composite,
    background,
    shadow,
    product: productLayer,
    palette,
  };
  if (showcaseLayer) scene.showcase = showcaseLayer;
  if (presenterLayer) scene.presenter = presenterLayer;
  return scene;
}

/** The cut-out cropped to its opaque pixels, and whether it was cut off at the bottom (a bust, not a full figure). */
function trimmed(img: RgbaImage): (RgbaImage & { cutAtBottom: boolean }) | null {
  const box = alphaBox(img, 24);
  if (!box || box.width < 2 || box.height < 2) return null;
  const crop = cropImage(img, box);
  let bottomOpaque = 0;
  const y = img.height - 1;
  for (let x = 0; x < img.width; x++) if (img.data[(y * img.width + x) * 4 + 3]! >= 128) bottomOpaque++;
  return { ...crop, cutAtBottom: box.y + box.height >= img.height - 1 && bottomOpaque >= box.width * 0.3 };
}

function forceOpaque(img: RgbaImage): void {
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
}
