import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { PRODUCT_FRAME_SIZES, productVideoKind, type StagedLayout } from '../../domain/images/product-video-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import { frameImageArgs, THUMBNAIL_JPEG_QUALITY } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import { wantsSilence } from '../../pipelines/images/product-video/choose-motions.js';
import { presenterCutout, type PresenterCutoutDeps } from '../../pipelines/images/product-video/presenter-cutout.js';
import { makeProductImage } from '../../pipelines/images/product-video/product-image.js';
import { renderProductDisplay, renderTalkingProduct, type ProductVideoOutput } from '../../pipelines/images/product-video/render-product-video.js';
import type { StagedLayerFiles } from '../../pipelines/images/staging/staged-scene.js';
import { resolveBackgroundMusic } from '../../pipelines/video/background-music.js';
import type { AvatarClipMaker } from '../../pipelines/avatar/clips/avatar-clip-maker.js';
import { defineJob } from '../job-definition.js';

export interface ProductVideoJobDeps {
  blobs: BlobStore;
  fetcher: UrlFetcher;
  images: ImageEngines;
  ffmpeg: FfmpegEngine;
  speech: SpeechSynthesizer;
  avatars: AvatarClipMaker;
  presenters: Omit<PresenterCutoutDeps, 'segmenter'>;
  musicCacheDir: string;
  /** Multiplies the frame sizes (1 = the contract's 1920×1080 class); tests render small. */
  outputScale: number;
}

/** The frame of an aspect at the configured scale, even sides (H.264 4:2:0 needs them). */
export function scaledFrame(aspect: keyof typeof PRODUCT_FRAME_SIZES, scale: number): { width: number; height: number } {
  const full = PRODUCT_FRAME_SIZES[aspect];
  const even = (v: number) => Math.max(2, 2 * Math.round((v * scale) / 2));
  return { width: even(full.width), height: even(full.height) };
}

/** gen_image (and regen_image's new task): the product cut out, staged, saved as a PNG with its layers. */
export function productImageJob(deps: ProductVideoJobDeps) {
  return defineJob({
    name: productVideoKind.jobs.image,
    payload: z.object({}).passthrough(),
    async handle({ task, signal, workDir, reportProgress }) {
      const input = productVideoKind.inputOf(task);
      const frame = scaledFrame(input.aspectRatio, deps.outputScale);
      const presenter = input.overrideAvatar
        ? await presenterCutout(
            { ...deps.presenters, segmenter: deps.images.segmenter },
            { accountId: task.accountId, avatarId: input.overrideAvatar, workDir, signal },
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
          onProgress: (f) => reportProgress(5 + f * 85),
        },
        deps,
      );
      const imageKey = productVideoKind.fileKey(task, 'image');
      await deps.blobs.putFile(imageKey, made.files.compositePng);
      for (const path of layerPaths(made.files)) await deps.blobs.putFile(productVideoKind.fileKey(task, 'layers', basename(path)), path);
      const f = made.files;
      const layout: StagedLayout = {
        width: f.width,
        height: f.height,
        hasShadow: f.shadowPng !== null,
        product: f.product.box,
        showcase: f.showcase?.box ?? null,
        presenter: f.presenter?.box ?? null,
      };
      return {
        result: productVideoKind.resultPatch({ imageKey, layout, sceneKind: made.scene.kind, sceneDescription: made.scene.description }),
        costMillicredits: productVideoKind.price('gen_image', input, { durationSeconds: 0 }),
      };
    },
  });
}

/** gen_video and regen_video: the staged layers animated (display) or a presenter speaking beside the product (talking). */
export function productVideoJob(deps: ProductVideoJobDeps) {
  return defineJob({
    name: productVideoKind.jobs.video,
    payload: z.object({ step: z.enum(['gen_video', 'regen_video']).default('gen_video') }).passthrough(),
    async handle({ task, payload, signal, workDir, reportProgress }) {
      const input = productVideoKind.inputOf(task);
      const result = productVideoKind.resultOf(task);
      const req = result.videoRequest;
      if (!req || !result.layout) throw new TaskFailure('This task has no staged image to animate; make the image again with gen_image.');
      const layers = await fetchLayers(deps.blobs, task, result.layout, workDir);
      reportProgress(5);
      const outputPath = join(workDir, 'video.mp4');
      const progress = (f: number) => reportProgress(5 + f * 88);
      let made: ProductVideoOutput;
      if (req.motionStyle === 'talking') {
        if (!req.script || !req.avatarId || !req.voiceId)
          throw new TaskFailure('This talking video request lost its script or presenter; call gen_video again.');
        made = await renderTalkingProduct(
          {
            accountId: task.accountId,
            layers,
            script: req.script,
            avatarId: req.avatarId,
            voiceId: req.voiceId,
            outputPath,
            workDir,
            signal,
            onProgress: progress,
          },
          deps,
        );
      } else {
        const musicPath = wantsSilence(req.videoPrompt) ? null : await resolveBackgroundMusic({ url: null, seed: req.seed }, deps, { workDir, signal });
        made = await renderProductDisplay(
          {
            layers,
            seed: req.seed,
            prompt: req.videoPrompt,
            durationSeconds: req.durationSeconds,
            previousMotions: result.motions ?? [],
            musicPath,
            outputPath,
            workDir,
            signal,
            onProgress: progress,
          },
          deps.ffmpeg,
        );
      }
      const thumbnailPath = join(workDir, 'thumbnail.jpg');
      await deps.ffmpeg.run(
        frameImageArgs({ input: outputPath, atSeconds: Math.min(1, made.durationSeconds / 2), jpegQuality: THUMBNAIL_JPEG_QUALITY, output: thumbnailPath }),
        { signal },
      );
      // A new name per variation: a client holding the old URL never gets the new video under it.
      const videoKey = productVideoKind.fileKey(task, 'videos', `${req.seed}.mp4`);
      const thumbnailKey = productVideoKind.fileKey(task, 'videos', `${req.seed}.jpg`);
      await deps.blobs.putFile(videoKey, outputPath);
      await deps.blobs.putFile(thumbnailKey, thumbnailPath);
      await removeOlderVideos(deps.blobs, task, [videoKey, thumbnailKey]);
      const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
      return {
        result: productVideoKind.resultPatch({ videoKey, thumbnailKey, durationSeconds, motions: made.motions }),
        costMillicredits: productVideoKind.price(payload.step, input, { durationSeconds }),
      };
    },
  });
}

function layerPaths(f: StagedLayerFiles): string[] {
  return [f.backgroundPng, f.shadowPng, f.product.png, f.showcase?.png, f.presenter?.png].filter((p): p is string => typeof p === 'string');
}

/** The saved layers back as local files, in the shape the motion renderers take. */
async function fetchLayers(blobs: BlobStore, task: Task, layout: StagedLayout, workDir: string): Promise<StagedLayerFiles> {
  const dir = join(workDir, 'layers');
  await mkdir(dir, { recursive: true });
  const get = async (key: string, name: string) => {
    const path = join(dir, name);
    try {
      await pipeline(blobs.read(key), createWriteStream(path));
    } catch {
      throw new TaskFailure('The staged image of this task is gone (expired or deleted); make it again with gen_image.');
    }
    return path;
  };
  const layer = (name: string) => get(productVideoKind.fileKey(task, 'layers', name), name);
  return {
    width: layout.width,
    height: layout.height,
    backgroundPng: await layer('background.png'),
    shadowPng: layout.hasShadow ? await layer('shadow.png') : null,
    product: { png: await layer('product.png'), box: layout.product },
    ...(layout.showcase ? { showcase: { png: await layer('showcase.png'), box: layout.showcase } } : {}),
    ...(layout.presenter ? { presenter: { png: await layer('presenter.png'), box: layout.presenter } } : {}),
    compositePng: await get(productVideoKind.fileKey(task, 'image'), 'composite.png'),
  };
}

async function removeOlderVideos(blobs: BlobStore, task: Task, keep: string[]): Promise<void> {
  const folder = `${productVideoKind.fileKey(task, 'videos')}/`;
  for (const entry of await blobs.list(folder)) if (!keep.includes(entry.key)) await blobs.remove(entry.key);
}
