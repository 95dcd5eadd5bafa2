import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { productVideoKind, type StagedLayout } from '../../domain/product-video/product-video-kind.js';
import type { SpeechSynthesizer } from '../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { UrlFetcher } from '../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { ImageEngines } from '../../engines/image/port.js';
import type { AvatarClipMaker } from '../../pipelines/avatar/clips/avatar-clip-maker.js';
import type { PresenterCutoutDeps } from '../../pipelines/product-video/presenter-cutout.js';
import { animateProduct, stageProductImage } from '../../pipelines/product-video/product-video-steps.js';
import type { StagedLayerFiles } from '../../pipelines/images/staging/staged-scene.js';
import { defineJob, defineKindJob } from '../job-definition.js';

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

/** gen_image (and regen_image's new task): the product cut out, staged, saved as a PNG with its layers. */
export function productImageJob(deps: ProductVideoJobDeps) {
  return defineKindJob(productVideoKind, 'image', async ({ input, task, run }) => {
    const made = await stageProductImage(input, deps, { accountId: task.accountId, ...run(5, 90) });
    const imageKey = productVideoKind.fileKey(task, 'image');
    await deps.blobs.putFile(imageKey, made.compositePng);
    for (const path of made.layerPngs) await deps.blobs.putFile(productVideoKind.fileKey(task, 'layers', basename(path)), path);
    return {
      result: productVideoKind.resultPatch({ imageKey, layout: made.layout, sceneKind: made.scene.kind, sceneDescription: made.scene.description }),
      costMillicredits: productVideoKind.price('gen_image', input, { durationSeconds: 0 }),
    };
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
      const request = result.videoRequest;
      if (!request || !result.layout) throw new TaskFailure('This task has no staged image to animate; make the image again with gen_image.');
      const layers = await fetchLayers(deps.blobs, task, result.layout, workDir);
      reportProgress(5);
      const made = await animateProduct({ accountId: task.accountId, layers, request, previousMotions: result.motions ?? [] }, deps, {
        workDir,
        signal,
        onProgress: (f) => reportProgress(5 + f * 88),
      });
      // A new name per variation: a client holding the old URL never gets the new video under it.
      const videoKey = productVideoKind.fileKey(task, 'videos', `${request.seed}.mp4`);
      const thumbnailKey = productVideoKind.fileKey(task, 'videos', `${request.seed}.jpg`);
      await deps.blobs.putFile(videoKey, made.videoPath);
      await deps.blobs.putFile(thumbnailKey, made.thumbnailPath);
      await removeOlderVideos(deps.blobs, task, [videoKey, thumbnailKey]);
      const durationSeconds = Math.round(made.durationSeconds * 100) / 100;
      return {
        result: productVideoKind.resultPatch({ videoKey, thumbnailKey, durationSeconds, motions: made.motions }),
        costMillicredits: productVideoKind.price(payload.step, input, { durationSeconds }),
      };
    },
  });
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
