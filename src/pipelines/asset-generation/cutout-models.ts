import type { RgbaImage } from '../../core/raster.js';
import type { Rng } from '../../core/random.js';
import type { ImageEngines } from '../../engines/image/port.js';
import type { SceneKind } from '../images/staging/staged-scene.js';
import { stageProduct } from '../images/staging/stage-product.js';
import { clamp255, hexToRgb, hslToRgb, rgbaOf, rgbToHsl, sharpOf } from '../images/pixel-ops.js';
import { alphaBox, cropImage, trimToAlpha } from '../images/raster-io.js';
import { paintSetting, paintsSetting } from '../images/settings/paint-setting.js';
import { planLayout } from '../images/staging/layout.js';
import { productPalette } from '../images/staging/palette.js';

/** The models built on the cut-out engine and the person segmenter. */

export async function removeBackground(photo: RgbaImage, engines: ImageEngines, rng: Rng, variation: number, signal?: AbortSignal): Promise<RgbaImage> {
  const cut = await engines.cutout.cutOut(photo, { signal });
  if (variation === 0) return cut;
  // Variations soften the matte's edge by a different amount; the alpha inside and far outside is unchanged.
  const sigma = 0.5 + rng.next() * 1.5;
  const alpha = new Uint8Array(cut.width * cut.height * 4);
  for (let i = 0; i < cut.width * cut.height; i++) {
    alpha.fill(cut.data[i * 4 + 3]!, i * 4, i * 4 + 3);
    alpha[i * 4 + 3] = 255;
  }
  const soft = await rgbaOf(sharpOf({ width: cut.width, height: cut.height, data: alpha }).blur(sigma));
  const out = new Uint8Array(cut.data);
  for (let i = 0; i < cut.width * cut.height; i++) out[i * 4 + 3] = Math.min(cut.data[i * 4 + 3]! === 0 ? 0 : 255, soft.data[i * 4]!);
  return { width: cut.width, height: cut.height, data: out };
}

export async function stagedProduct(
  photo: RgbaImage,
  engines: ImageEngines,
  o: { width: number; height: number; scene?: SceneKind; prompt?: string; seed: number },
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const product = trimToAlpha(await engines.cutout.cutOut(photo, { signal }), 9);
  const setting = !o.scene && o.prompt && paintsSetting(o.prompt) ? settingFor(product, { ...o, prompt: o.prompt }) : null;
  const staged = await stageProduct({
    product,
    width: o.width,
    height: o.height,
    seed: o.seed,
    ...(o.scene ? { scene: o.scene } : {}),
    ...(o.prompt ? { prompt: o.prompt } : {}),
    ...(setting ? { background: setting } : {}),
    ...(signal ? { signal } : {}),
  });
  return staged.composite;
}

/**
 * The prompt's setting painted (`images/settings/`) around where `stageProduct` will stand the
 * product: the same layout it plans (from the product's opaque box, as it trims it), so the floor
 * and the light pool fall under the product and its shadow.
 */
function settingFor(product: RgbaImage, o: { width: number; height: number; prompt: string; seed: number }): RgbaImage | null {
  const box = alphaBox(product, 24);
  if (!box) return null;
  const layout = planLayout({ width: o.width, height: o.height, product: { width: box.width, height: box.height } });
  return paintSetting({ prompt: o.prompt, width: o.width, height: o.height, seed: o.seed, palette: productPalette(cropImage(product, box)), layout }).image;
}

/**
 * Recolours the cut-out product only: inside its mask the hue turns (or moves to the target
 * colour's hue and saturation), lightness kept so shading and highlights stay; outside the mask
 * every pixel is left as it was.
 */
export async function recolorProduct(
  photo: RgbaImage,
  engines: ImageEngines,
  o: { hueShiftDegrees?: number; targetColor?: string },
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const cut = await engines.cutout.cutOut(photo, { signal });
  const target = o.targetColor ? rgbToHsl(...hexToRgb(o.targetColor)) : null;
  // Without a hue or colour, variations spread round the wheel; with one, they sit a little either side of it.
  const seeded = 60 + ((variation * 97 + rng.int(0, 40)) % 240);
  const jitter = variation === 0 ? 0 : (variation % 2 ? 1 : -1) * (8 + 6 * variation);
  const shift = (o.hueShiftDegrees ?? (target ? 0 : seeded)) + (o.hueShiftDegrees !== undefined || target ? jitter : 0);
  const out = new Uint8Array(photo.data);
  for (let i = 0; i < photo.width * photo.height; i++) {
    const a = cut.data[i * 4 + 3]! / 255;
    if (a === 0) continue;
    const p = i * 4;
    const [h, s, l] = rgbToHsl(photo.data[p]!, photo.data[p + 1]!, photo.data[p + 2]!);
    const [nr, ng, nb] = target ? hslToRgb(target[0] + jitter, Math.max(s, target[1] * 0.9), l) : hslToRgb(h + shift, s, l);
    out[p] = clamp255(photo.data[p]! * (1 - a) + nr * a);
    out[p + 1] = clamp255(photo.data[p + 1]! * (1 - a) + ng * a);
    out[p + 2] = clamp255(photo.data[p + 2]! * (1 - a) + nb * a);
  }
  return { width: photo.width, height: photo.height, data: out };
}

/** The people kept sharp (segmentation mask, softened), the rest blurred. */
export async function portraitBlur(
  photo: RgbaImage,
  engines: ImageEngines,
  o: { blurRadius: number },
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const mask = await engines.segmenter.segment(photo, { signal });
  const sigma = o.blurRadius * (variation === 0 ? 1 : 0.75 + rng.next() * 0.5);
  const blurred = await rgbaOf(sharpOf(photo).blur(sigma));
  const maskImg = new Uint8Array(photo.width * photo.height * 4);
  for (let i = 0; i < mask.length; i++) {
    maskImg.fill(mask[i]!, i * 4, i * 4 + 3);
    maskImg[i * 4 + 3] = 255;
  }
  const soft = await rgbaOf(sharpOf({ width: photo.width, height: photo.height, data: maskImg }).blur(1.5));
  const out = new Uint8Array(photo.data);
  for (let i = 0; i < mask.length; i++) {
    const m = soft.data[i * 4]! / 255;
    for (let k = 0; k < 3; k++) out[i * 4 + k] = clamp255(photo.data[i * 4 + k]! * m + blurred.data[i * 4 + k]! * (1 - m));
  }
  return { width: photo.width, height: photo.height, data: out };
}
