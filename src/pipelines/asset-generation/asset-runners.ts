import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { RgbaImage } from '../../core/raster.js';
import { createRng } from '../../core/random.js';
import { TaskFailure } from '../../core/errors.js';
import type { AssetInputs } from '../../domain/asset-generation/asset-inputs.js';
import type { AssetModel } from '../../domain/asset-generation/asset-models.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { PROCEDURAL_BACKGROUNDS, renderBackground, type ProceduralBackground } from '../images/backgrounds/procedural.js';
import { quoteCard, saleBanner, textCard, thumbnailWithTitle } from '../images/cards/card-templates.js';
import { STILL_MOTIONS, type StillMotion } from '../images/motion/motion-kinds.js';
import { VIDEO_STYLES, type VideoStyle } from '../images/motion/stylize-video.js';
import { type AssetOutput, type ClipRun, imageOutput, stillVideoOutput, stylizedVideoOutput } from '../images/asset-output.js';
import { decodeImage, encodePng } from '../images/raster-io.js';
import { paintSetting } from '../images/settings/paint-setting.js';
import type { SceneKind } from '../images/staging/staged-scene.js';
import { collage, type CollageLayout } from './collage.js';
import { portraitBlur, recolorProduct, removeBackground, stagedProduct } from './cutout-models.js';
import { sizeForAspect, rgbaOf, sharpOf } from '../images/pixel-ops.js';
import { alphaBox } from '../images/raster-io.js';
import * as f from '../images/style-filters.js';
import { outpaint, upscale } from './upscale-outpaint.js';

/** What one run of a model gets: its validated inputs, its media inputs as local files, and its seed. */
export interface AssetRunContext extends ClipRun {
  model: AssetModel;
  inputs: AssetInputs;
  /** Local paths of the media inputs (a list for `image_list`). */
  files: Record<string, string | string[]>;
  /** 0 for the first output; later outputs are seeded variations. */
  variation: number;
  engines: ImageEngines;
}

export type AssetRunner = (ctx: AssetRunContext) => Promise<AssetOutput>;

const str = (ctx: AssetRunContext, name: string): string => String(ctx.inputs[name] ?? '');
const opt = (ctx: AssetRunContext, name: string): string | undefined =>
  typeof ctx.inputs[name] === 'string' && ctx.inputs[name] ? String(ctx.inputs[name]) : undefined;
const num = (ctx: AssetRunContext, name: string): number => Number(ctx.inputs[name]);
const file = (ctx: AssetRunContext, name: string): string => {
  const p = ctx.files[name];
  if (typeof p !== 'string') throw new TaskFailure(`The input ${name} was not downloaded.`);
  return p;
};
const photo = (ctx: AssetRunContext, name = 'image_url') => decodeImage(file(ctx, name));
const rng = (ctx: AssetRunContext) => createRng(ctx.seed);
const outSize = (ctx: AssetRunContext) => sizeForAspect(str(ctx, 'aspect_ratio') || '1:1', num(ctx, 'size') || 1024);

/** The text and quote cards' look: their colours and font as asked, at the asked size. */
const cardLook = (ctx: AssetRunContext) => ({
  background: str(ctx, 'background_color'),
  textColor: str(ctx, 'text_color'),
  fontFamily: str(ctx, 'font_family'),
  ...outSize(ctx),
});

/** Filter runners: decode, filter, done. */
const filter =
  (apply: (img: RgbaImage, ctx: AssetRunContext) => Promise<RgbaImage>): AssetRunner =>
  async (ctx) =>
    imageOutput(apply(await photo(ctx), ctx));

const STATIC_RUNNERS: Record<string, AssetRunner> = {
  'background-removal': async (ctx) => imageOutput(removeBackground(await photo(ctx), ctx.engines, rng(ctx), ctx.variation, ctx.signal)),
  'background-replace': async (ctx) =>
    imageOutput(stagedProduct(await photo(ctx), ctx.engines, { ...outSize(ctx), scene: str(ctx, 'scene') as SceneKind, seed: ctx.seed }, ctx.signal)),
  'product-staging': async (ctx) =>
    imageOutput(stagedProduct(await photo(ctx), ctx.engines, { ...outSize(ctx), prompt: str(ctx, 'prompt'), seed: ctx.seed }, ctx.signal)),
  'scene-from-prompt': (ctx) => imageOutput(Promise.resolve(paintSetting({ prompt: str(ctx, 'prompt'), ...outSize(ctx), seed: ctx.seed }).image)),
  'portrait-blur': async (ctx) =>
    imageOutput(portraitBlur(await photo(ctx), ctx.engines, { blurRadius: num(ctx, 'blur_radius') }, rng(ctx), ctx.variation, ctx.signal)),
  'upscale-2x': filter((img, ctx) => upscale(img, { factor: 2, sharpen: num(ctx, 'sharpen') }, rng(ctx), ctx.variation)),
  'upscale-4x': filter((img, ctx) => upscale(img, { factor: 4, sharpen: num(ctx, 'sharpen') }, rng(ctx), ctx.variation)),
  outpaint: filter((img, ctx) => outpaint(img, { aspect: str(ctx, 'aspect_ratio'), blurRadius: num(ctx, 'blur_radius') }, rng(ctx), ctx.variation)),
  'product-color-variant': async (ctx) =>
    imageOutput(
      recolorProduct(
        await photo(ctx),
        ctx.engines,
        {
          ...(ctx.inputs.hue_shift_degrees !== undefined ? { hueShiftDegrees: num(ctx, 'hue_shift_degrees') } : {}),
          ...(opt(ctx, 'target_color') ? { targetColor: opt(ctx, 'target_color') } : {}),
        },
        rng(ctx),
        ctx.variation,
        ctx.signal,
      ),
    ),
  'pixel-art': filter((img, ctx) => f.pixelArt(img, { pixelSize: num(ctx, 'pixel_size'), colors: num(ctx, 'colors') }, rng(ctx), ctx.variation)),
  'line-art': filter((img, ctx) => f.lineArt(img, { lineWeight: num(ctx, 'line_weight') }, rng(ctx), ctx.variation)),
  cartoon: filter((img, ctx) => f.cartoon(img, { levels: num(ctx, 'levels') }, rng(ctx), ctx.variation)),
  posterize: filter((img, ctx) => f.posterize(img, { colors: num(ctx, 'colors') }, rng(ctx), ctx.variation)),
  watercolor: filter((img, ctx) => f.watercolor(img, rng(ctx))),
  duotone: filter((img, ctx) => f.duotone(img, { shadow: str(ctx, 'shadow_color'), highlight: str(ctx, 'highlight_color') }, rng(ctx), ctx.variation)),
  vintage: filter((img, ctx) => f.vintage(img, { strength: num(ctx, 'strength') }, rng(ctx))),
  'cinematic-grade': filter((img, ctx) =>
    f.cinematicGrade(img, { strength: num(ctx, 'strength'), letterbox: ctx.inputs.letterbox === true }, rng(ctx), ctx.variation),
  ),
  'black-and-white': filter((img, ctx) => f.blackAndWhite(img, { filter: str(ctx, 'filter') }, rng(ctx), ctx.variation)),
  'pencil-sketch': filter((img, ctx) => f.pencilSketch(img, rng(ctx), ctx.variation)),
  halftone: filter((img, ctx) => f.halftone(img, { dotSize: num(ctx, 'dot_size'), mode: str(ctx, 'mode') }, rng(ctx), ctx.variation)),
  'text-card': (ctx) =>
    imageOutput(
      textCard(
        {
          text: str(ctx, 'text'),
          ...cardLook(ctx),
        },
        rng(ctx),
        ctx.variation,
        ctx.signal,
      ),
    ),
  'quote-card': (ctx) =>
    imageOutput(
      quoteCard(
        {
          quote: str(ctx, 'quote'),
          ...(opt(ctx, 'author') ? { author: opt(ctx, 'author') } : {}),
          ...cardLook(ctx),
        },
        rng(ctx),
        ctx.variation,
        ctx.signal,
      ),
    ),
  'sale-banner': async (ctx) => {
    const product = typeof ctx.files.image_url === 'string' ? await removeBackground(await photo(ctx), ctx.engines, rng(ctx), 0, ctx.signal) : undefined;
    return imageOutput(
      saleBanner(
        {
          headline: str(ctx, 'headline'),
          background: str(ctx, 'background_color'),
          textColor: str(ctx, 'text_color'),
          fontFamily: 'Poppins',
          ...outSize(ctx),
          ...(opt(ctx, 'discount') ? { discount: opt(ctx, 'discount') } : {}),
          ...(opt(ctx, 'subtitle') ? { subtitle: opt(ctx, 'subtitle') } : {}),
          ...(opt(ctx, 'cta') ? { cta: opt(ctx, 'cta') } : {}),
          ...(product ? { product } : {}),
        },
        rng(ctx),
        ctx.variation,
        ctx.signal,
      ),
    );
  },
  'thumbnail-title': async (ctx) =>
    imageOutput(
      thumbnailWithTitle(await photo(ctx), { title: str(ctx, 'title'), fontFamily: 'Montserrat', ...outSize(ctx) }, rng(ctx), ctx.variation, ctx.signal),
    ),
  collage: async (ctx) => {
    const paths = ctx.files.image_urls;
    if (!Array.isArray(paths)) throw new TaskFailure('The collage pictures were not downloaded.');
    const pictures = await Promise.all(paths.map((p) => decodeImage(p)));
    return imageOutput(
      collage(
        pictures,
        { layout: str(ctx, 'layout') as CollageLayout, gapPx: num(ctx, 'gap_px'), background: str(ctx, 'background_color'), ...outSize(ctx) },
        rng(ctx),
        ctx.variation,
      ),
    );
  },
  'video-stylize': async (ctx) => {
    // Further outputs take the next styles, so each is a different look.
    const first = Math.max(0, VIDEO_STYLES.indexOf(str(ctx, 'style') as VideoStyle));
    const style = VIDEO_STYLES[(first + ctx.variation) % VIDEO_STYLES.length]!;
    return stylizedVideoOutput(ctx, `stylized-${ctx.variation}.mp4`, file(ctx, 'video_url'), style);
  },
};

const VIDEO_SHORT_SIDE: Record<string, number> = { '360p': 360, '720p': 720, '1080p': 1080 };

function stillVideoRunner(motion: StillMotion): AssetRunner {
  return async (ctx) => {
    const aspect = str(ctx, 'aspect_ratio') || '16:9';
    const [a, b] = aspect.split(/[:x]/).map(Number) as [number, number];
    const short = VIDEO_SHORT_SIDE[str(ctx, 'resolution')] ?? 1080;
    const size = sizeForAspect(aspect, Math.round((short * Math.max(a, b)) / Math.min(a, b)));
    const imagePath = file(ctx, 'image_url');
    const extra: { subjectPng?: string; focus?: { x: number; y: number; width: number; height: number } } = {};
    if (motion === 'parallax' || motion === 'zoom-to-detail') {
      // The subject comes from the cut-out; a photo with no clear subject still moves (whole picture).
      const still = await decodeImage(imagePath);
      const cut = await ctx.engines.cutout.cutOut(still, { signal: ctx.signal }).catch(() => null);
      if (cut) {
        const subjectPng = join(ctx.workDir, `subject-${ctx.variation}.png`);
        await writeFile(subjectPng, await encodePng(cut));
        if (motion === 'parallax') extra.subjectPng = subjectPng;
        const box = alphaBox(cut, 129);
        if (box && motion === 'zoom-to-detail') extra.focus = box;
      }
    }
    return stillVideoOutput(ctx, `video-${ctx.variation}.mp4`, { imagePath, motion, ...extra, ...size, durationSeconds: num(ctx, 'duration_seconds') });
  };
}

function backgroundRunner(kind: ProceduralBackground): AssetRunner {
  return (ctx) =>
    imageOutput(
      renderBackground(kind, {
        ...outSize(ctx),
        seed: ctx.seed,
        colors: [str(ctx, 'color_1'), str(ctx, 'color_2'), ...(opt(ctx, 'color_3') ? [opt(ctx, 'color_3')!] : [])],
      }),
    );
}

function remoteRunner(model: AssetModel): AssetRunner {
  return async (ctx) => {
    const generator = ctx.engines.generator;
    if (!generator) throw new TaskFailure('The remote images provider is no longer configured; choose a built-in model.');
    // Each output is its own request: later ones say they are another take, since a provider may
    // answer the same words with the same picture (and the client asked for distinct outputs).
    const prompt = ctx.variation === 0 ? str(ctx, 'prompt') : `${str(ctx, 'prompt')} (alternative take ${ctx.variation + 1}, a different composition)`;
    const [out] =
      model.generationType === 'text_to_image'
        ? await generator.generate({ prompt, ...outSize(ctx), count: 1, signal: ctx.signal })
        : await generator.edit({ image: await photo(ctx), prompt, count: 1, signal: ctx.signal });
    if (!out) throw new TaskFailure('The remote images provider returned no picture; try again.');
    return { type: 'image', image: out };
  };
}

/** The runner of a catalog model, or null when this build has none (checked at start-up). */
export function assetRunnerFor(model: AssetModel): AssetRunner | null {
  if (model.remote) return remoteRunner(model);
  const fixed = STATIC_RUNNERS[model.id];
  if (fixed) return fixed;
  const bg = model.id.startsWith('background-') ? model.id.slice('background-'.length) : null;
  if (bg && (PROCEDURAL_BACKGROUNDS as readonly string[]).includes(bg)) return backgroundRunner(bg as ProceduralBackground);
  const motion = model.id.startsWith('image-to-video-') ? model.id.slice('image-to-video-'.length) : null;
  if (motion && (STILL_MOTIONS as readonly string[]).includes(motion)) return stillVideoRunner(motion as StillMotion);
  return null;
}

/** Throws naming every catalog model without a runner (a start-up check, like the job catalog's). */
export function assertRunnersCover(models: readonly AssetModel[]): void {
  const missing = models.filter((m) => !assetRunnerFor(m)).map((m) => m.id);
  if (missing.length) throw new Error(`asset models without a runner: ${missing.join(', ')}`);
}

/** A small PNG thumbnail of a picture (longer side 256 px). */
export async function thumbnailOf(img: RgbaImage): Promise<Buffer> {
  return sharpOf(await rgbaOf(sharpOf(img).resize(256, 256, { fit: 'inside', withoutEnlargement: true })))
    .png()
    .toBuffer();
}
