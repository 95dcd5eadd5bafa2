import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRng } from '../../core/random.js';
import { TaskFailure } from '../../core/errors.js';
import type { AssetInputs } from '../../domain/asset-generation/asset-inputs.js';
import type { Inspiration } from '../../domain/inspirations/inspiration-catalog.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { quoteCard, saleBanner, textCard, thumbnailWithTitle } from '../images/cards/card-templates.js';
import { type AssetOutput, type ClipRun, imageOutput, probedVideoOutput, stillVideoOutput, stylizedVideoOutput } from '../images/asset-output.js';
import { removeBackground, stagedProduct } from '../asset-generation/cutout-models.js';
import { halftone, vintage } from '../images/style-filters.js';
import { renderDisplayVideo } from '../images/motion/display-video.js';
import type { DisplayMotion } from '../images/motion/motion-kinds.js';
import { alphaBox, decodeImage, encodePng, trimToAlpha } from '../images/raster-io.js';
import { saveStagedLayers } from '../images/staging/save-layers.js';
import { stageProduct } from '../images/staging/stage-product.js';
import type { SceneKind } from '../images/staging/staged-scene.js';

/** What one inspiration run gets: its validated parameters, media parameters as local files, a seed. */
export interface InspirationRunContext extends ClipRun {
  inspiration: Inspiration;
  inputs: AssetInputs;
  /** Local paths of the media parameters, by parameter name ("Product Image"). */
  files: Record<string, string>;
  engines: ImageEngines;
}

export type InspirationRecipe = (ctx: InspirationRunContext) => Promise<AssetOutput>;

/** Each video inspiration's length, as its catalog description states it (a video look keeps its source's). */
export const INSPIRATION_VIDEO_SECONDS = { 'orbit-showcase': 6, 'podium-turntable': 6, 'ken-burns-story': 6, 'depth-parallax': 5 } as const;
/** The contract's video outputs are 30 fps. */
const VIDEO_FPS = 30;
const SHORT_SIDE: Record<string, number> = { '360p': 360, '720p': 720, '1080p': 1080 };

const text = (ctx: InspirationRunContext, name: string): string => String(ctx.inputs[name] ?? '');
const optional = (ctx: InspirationRunContext, name: string): string | undefined =>
  typeof ctx.inputs[name] === 'string' && ctx.inputs[name] ? String(ctx.inputs[name]) : undefined;
const file = (ctx: InspirationRunContext, name: string): string => {
  const p = ctx.files[name];
  if (!p) throw new TaskFailure(`The parameter "${name}" was not downloaded; create the job again.`);
  return p;
};
const photo = (ctx: InspirationRunContext, name: string) => decodeImage(file(ctx, name));
const rng = (ctx: InspirationRunContext) => createRng(ctx.seed);
const even = (v: number) => Math.round(v / 2) * 2;

/** Video size from the "Resolution" parameter and the recipe's shape. */
function videoSize(ctx: InspirationRunContext, aspect: [number, number]): { width: number; height: number } {
  const short = SHORT_SIDE[text(ctx, 'Resolution')] ?? 720;
  const [a, b] = aspect;
  return a <= b ? { width: short, height: even((short * b) / a) } : { width: even((short * a) / b), height: short };
}

const staged =
  (scene: SceneKind, width: number, height: number): InspirationRecipe =>
  async (ctx) =>
    imageOutput(stagedProduct(await photo(ctx, 'Product Image'), ctx.engines, { width, height, scene, seed: ctx.seed }, ctx.signal));

/** The product cut out, staged in `scene`, then filmed with the display motions. */
const displayVideo =
  (scene: SceneKind, motions: DisplayMotion[], durationSeconds: number): InspirationRecipe =>
  async (ctx) => {
    const size = videoSize(ctx, [9, 16]);
    const product = trimToAlpha(await ctx.engines.cutout.cutOut(await photo(ctx, 'Product Image'), { signal: ctx.signal }), 9);
    const stagedScene = await stageProduct({ product, ...size, scene, seed: ctx.seed, signal: ctx.signal });
    ctx.onProgress(0.3);
    const layersDir = join(ctx.workDir, 'layers');
    await mkdir(layersDir, { recursive: true });
    const layers = await saveStagedLayers(stagedScene, layersDir);
    const outputPath = join(ctx.workDir, 'display.mp4');
    await renderDisplayVideo(
      { layers, motions, durationSeconds, fps: VIDEO_FPS, seed: ctx.seed, outputPath, signal: ctx.signal, onProgress: (f) => ctx.onProgress(0.3 + 0.7 * f) },
      ctx.ffmpeg,
    );
    return probedVideoOutput(ctx, outputPath);
  };

const RECIPES: Record<string, InspirationRecipe> = {
  'marble-luxury': staged('marble-surface', 1080, 1080),
  'podium-spotlight': staged('podium', 1080, 1350),
  'warm-wood-table': staged('wood-surface', 1080, 1080),
  'flash-sale-banner': async (ctx) => {
    const product = await removeBackground(await photo(ctx, 'Product Image'), ctx.engines, rng(ctx), 0, ctx.signal);
    const discount = optional(ctx, 'Discount'),
      cta = optional(ctx, 'Call To Action');
    return imageOutput(
      saleBanner(
        {
          headline: text(ctx, 'Headline'),
          background: text(ctx, 'Brand Color'),
          textColor: '#ffffff',
          fontFamily: 'Poppins',
          width: 1280,
          height: 720,
          product,
          ...(discount ? { discount } : {}),
          ...(cta ? { cta } : {}),
        },
        rng(ctx),
        0,
        ctx.signal,
      ),
    );
  },
  'story-sale-poster': async (ctx) => {
    const product = await removeBackground(await photo(ctx, 'Product Image'), ctx.engines, rng(ctx), 0, ctx.signal);
    const subtitle = optional(ctx, 'Subtitle');
    return imageOutput(
      saleBanner(
        {
          headline: text(ctx, 'Headline'),
          background: '#111827',
          textColor: '#ffffff',
          fontFamily: 'Montserrat',
          width: 1080,
          height: 1920,
          product,
          ...(subtitle ? { subtitle } : {}),
          cta: 'Shop now',
        },
        rng(ctx),
        0,
        ctx.signal,
      ),
    );
  },
  'quote-post': (ctx) => {
    const author = optional(ctx, 'Author');
    return imageOutput(
      quoteCard(
        {
          quote: text(ctx, 'Quote'),
          ...(author ? { author } : {}),
          background: '#f5efe6',
          textColor: '#1f2937',
          fontFamily: 'Montserrat',
          width: 1080,
          height: 1080,
        },
        rng(ctx),
        0,
        ctx.signal,
      ),
    );
  },
  'announcement-card': (ctx) =>
    imageOutput(
      textCard(
        {
          text: text(ctx, 'Headline'),
          background: text(ctx, 'Background Color'),
          textColor: text(ctx, 'Text Color'),
          fontFamily: 'Montserrat',
          width: 1080,
          height: 1080,
        },
        rng(ctx),
        0,
        ctx.signal,
      ),
    ),
  'youtube-thumbnail': async (ctx) =>
    imageOutput(
      thumbnailWithTitle(await photo(ctx, 'Photo'), { title: text(ctx, 'Title'), fontFamily: 'Montserrat', width: 1280, height: 720 }, rng(ctx), 0, ctx.signal),
    ),
  'retro-pop-print': async (ctx) => {
    const still = await stagedProduct(
      await photo(ctx, 'Product Image'),
      ctx.engines,
      { width: 1080, height: 1080, scene: 'palette-backdrop', seed: ctx.seed },
      ctx.signal,
    );
    return imageOutput(halftone(still, { dotSize: 10, mode: 'color' }, rng(ctx), 0));
  },
  'vintage-film': async (ctx) => imageOutput(vintage(await photo(ctx, 'Photo'), { strength: 0.85 }, rng(ctx))),
  'orbit-showcase': displayVideo('studio-gradient', ['orbit-parallax', 'push-in'], INSPIRATION_VIDEO_SECONDS['orbit-showcase']),
  'podium-turntable': displayVideo('podium', ['turntable', 'light-sweep'], INSPIRATION_VIDEO_SECONDS['podium-turntable']),
  'ken-burns-story': async (ctx) =>
    stillVideoOutput(ctx, 'story.mp4', {
      imagePath: file(ctx, 'Photo'),
      motion: 'ken-burns',
      ...videoSize(ctx, [9, 16]),
      durationSeconds: INSPIRATION_VIDEO_SECONDS['ken-burns-story'],
      fps: VIDEO_FPS,
    }),
  'depth-parallax': async (ctx) => {
    const imagePath = file(ctx, 'Product Image');
    const cut = await ctx.engines.cutout.cutOut(await decodeImage(imagePath), { signal: ctx.signal }).catch(() => null);
    // A photo with no clear subject still moves, as a whole.
    const subjectPng = cut && alphaBox(cut, 129) ? join(ctx.workDir, 'subject.png') : undefined;
    if (subjectPng && cut) await writeFile(subjectPng, await encodePng(cut));
    return stillVideoOutput(ctx, 'parallax.mp4', {
      imagePath,
      motion: 'parallax',
      ...(subjectPng ? { subjectPng } : {}),
      ...videoSize(ctx, [1, 1]),
      durationSeconds: INSPIRATION_VIDEO_SECONDS['depth-parallax'],
      fps: VIDEO_FPS,
    });
  },
  'cinematic-look': async (ctx) => stylizedVideoOutput(ctx, 'cinematic.mp4', file(ctx, 'Video'), 'cinematic'),
};

export function inspirationRecipeFor(inspiration: Inspiration): InspirationRecipe | null {
  return RECIPES[inspiration.slug] ?? null;
}

/** Throws naming every inspiration without a recipe (a start-up check, like the job catalog's). */
export function assertRecipesCover(inspirations: readonly Inspiration[]): void {
  const missing = inspirations.filter((i) => !inspirationRecipeFor(i)).map((i) => i.slug);
  if (missing.length) throw new Error(`inspirations without a recipe: ${missing.join(', ')}`);
}
