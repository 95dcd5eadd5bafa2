import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import { PRODUCT_FRAME_SIZES, type ProductVideoRequest, type productVideoKind, type StagedLayout } from '../../domain/product-video/product-video-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { videoThumbnailArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import type { AvatarClipMaker } from '../avatar/clips/avatar-clip-maker.js';
import { resolveBackgroundMusic } from '../music/background-music.js';
import type { StagedLayerFiles, StagedScene } from '../images/staging/staged-scene.js';
import { wantsSilence } from './choose-motions.js';
import { presenterCutout, type PresenterCutoutDeps } from './presenter-cutout.js';
import { makeProductImage } from './product-image.js';
import { renderProductDisplay, renderTalkingProduct, type ProductVideoOutput } from './render-product-video.js';
import type { StepRun } from '../../core/step-run.js';

/** A product video task's input as its kind reads it: a field added there reaches the pipeline with no copy. */
export type ProductVideoInput = ReturnType<typeof productVideoKind.inputOf>;

/** The frame of an aspect at the configured scale, even sides (H.264 4:2:0 needs them). */
export function scaledFrame(aspect: keyof typeof PRODUCT_FRAME_SIZES, scale: number): { width: number; height: number } {
  const full = PRODUCT_FRAME_SIZES[aspect];
  const even = (v: number) => Math.max(2, 2 * Math.round((v * scale) / 2));
  return { width: even(full.width), height: even(full.height) };
}

export interface StageProductDeps {
  fetcher: UrlFetcher;
  images: ImageEngines;
  presenters: Omit<PresenterCutoutDeps, 'segmenter'>;
  /** Multiplies the frame sizes (1 = the contract's 1920×1080 class); tests render small. */
  outputScale: number;
}

export interface StagedProductImage {
  /** The staged composite (what the client sees). */
  compositePng: string;
  /** Each layer's PNG, stored by its file name so the video steps can animate them. */
  layerPngs: string[];
  layout: StagedLayout;
  scene: StagedScene;
}

/** gen_image: the product (with the override avatar, if any) cut out and staged at the frame size; PNGs in `workDir/layers`. */
export async function stageProductImage(input: ProductVideoInput, deps: StageProductDeps, opts: StepRun & { accountId: string }): Promise<StagedProductImage> {
  const { workDir, signal } = opts;
  const frame = scaledFrame(input.aspectRatio, deps.outputScale);
  const presenter = input.overrideAvatar
    ? await presenterCutout(
        { ...deps.presenters, segmenter: deps.images.segmenter },
        { accountId: opts.accountId, avatarId: input.overrideAvatar, workDir, signal },
      )
    : null;
  const dir = join(workDir, 'layers');
  await mkdir(dir, { recursive: true });
  const made = await makeProductImage(
    {
      productUrl: input.productUrl,
      showcaseUrl: input.showcaseUrl ?? null,
      presenter,
      width: frame.width,
      height: frame.height,
      prompt: input.imagePrompt ?? null,
      seed: input.seed,
      dir,
      signal,
      onProgress: opts.onProgress,
    },
    deps,
  );
  const f = made.files;
  return {
    compositePng: f.compositePng,
    layerPngs: [f.backgroundPng, f.shadowPng, f.product.png, f.showcase?.png, f.presenter?.png].filter((p): p is string => typeof p === 'string'),
    layout: {
      width: f.width,
      height: f.height,
      hasShadow: f.shadowPng !== null,
      product: f.product.box,
      showcase: f.showcase?.box ?? null,
      presenter: f.presenter?.box ?? null,
    },
    scene: made.scene,
  };
}

export interface AnimateProductDeps {
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  speech: SpeechSynthesizer;
  avatars: AvatarClipMaker;
  musicCacheDir: string;
}

export interface AnimatedProduct {
  videoPath: string;
  thumbnailPath: string;
  durationSeconds: number;
  motions: string[];
}

/**
 * gen_video and regen_video: the staged layers animated (display, over music unless the prompt
 * asks for none) or a presenter speaking beside the product (talking); then a thumbnail.
 */
export async function animateProduct(
  req: { accountId: string; layers: StagedLayerFiles; request: ProductVideoRequest; previousMotions: readonly string[] },
  deps: AnimateProductDeps,
  opts: StepRun,
): Promise<AnimatedProduct> {
  const { workDir, signal, onProgress } = opts;
  const { request, layers } = req;
  const outputPath = join(workDir, 'video.mp4');
  let made: ProductVideoOutput;
  if (request.motionStyle === 'talking') {
    if (!request.script || !request.avatarId || !request.voiceId)
      throw new TaskFailure('This talking video request lost its script or presenter; call gen_video again.');
    made = await renderTalkingProduct(
      {
        accountId: req.accountId,
        layers,
        script: request.script,
        avatarId: request.avatarId,
        voiceId: request.voiceId,
        outputPath,
        workDir,
        signal,
        onProgress,
      },
      deps,
    );
  } else {
    const musicPath = wantsSilence(request.videoPrompt) ? null : await resolveBackgroundMusic({ url: null, seed: request.seed }, deps, { workDir, signal });
    made = await renderProductDisplay(
      {
        layers,
        seed: request.seed,
        prompt: request.videoPrompt,
        durationSeconds: request.durationSeconds,
        previousMotions: req.previousMotions,
        musicPath,
        outputPath,
        workDir,
        signal,
        onProgress,
      },
      deps.ffmpeg,
    );
  }
  const thumbnailPath = join(workDir, 'thumbnail.jpg');
  await deps.ffmpeg.run(videoThumbnailArgs({ input: outputPath, durationSeconds: made.durationSeconds, atMostSeconds: 1, output: thumbnailPath }), { signal });
  return { videoPath: outputPath, thumbnailPath, durationSeconds: made.durationSeconds, motions: made.motions };
}
