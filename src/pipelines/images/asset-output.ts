/**
 * What one generated asset is, a picture or a clip, and the clip steps that end in one: the asset
 * models (`asset-generation/`) and the inspiration recipes (`inspirations/`) make them alike.
 */
import { join } from 'node:path';
import { TaskFailure } from '../../core/errors.js';
import type { RgbaImage } from '../../core/raster.js';
import type { StepRun } from '../../core/step-run.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { StillVideoRequest } from './motion/motion-kinds.js';
import { renderStillVideo } from './motion/still-video.js';
import { stylizeVideo, type VideoStyle } from './motion/stylize-video.js';

export type AssetOutput = { type: 'image'; image: RgbaImage } | { type: 'video'; path: string; widthPx: number; heightPx: number; durationSeconds: number };

/** What a clip step reads of its run: the step's folder, signal and progress, the run's seed, and ffmpeg. */
export interface ClipRun extends StepRun {
  seed: number;
  ffmpeg: FfmpegEngine;
}

export const imageOutput = async (picture: Promise<RgbaImage>): Promise<AssetOutput> => ({ type: 'image', image: await picture });

/** The clip at `path`, with its size and its length (to the hundredth of a second) as the probe reads them. */
export async function probedVideoOutput(run: Pick<ClipRun, 'ffmpeg' | 'signal'>, path: string): Promise<AssetOutput> {
  const p = await run.ffmpeg.probe(path, { signal: run.signal });
  if (!p.video) throw new TaskFailure('The video step produced no picture; try again.');
  return { type: 'video', path, widthPx: p.video.width, heightPx: p.video.height, durationSeconds: Math.round(p.durationSeconds * 100) / 100 };
}

/** A still filmed with its motion (`renderStillVideo`, seeded by the run) into `workDir/<fileName>`. */
export async function stillVideoOutput(
  run: ClipRun,
  fileName: string,
  still: Omit<StillVideoRequest, 'seed' | 'outputPath' | 'signal' | 'onProgress'>,
): Promise<AssetOutput> {
  const outputPath = join(run.workDir, fileName);
  await renderStillVideo({ ...still, seed: run.seed, outputPath, signal: run.signal, onProgress: run.onProgress }, run.ffmpeg);
  return probedVideoOutput(run, outputPath);
}

/** A clip given one of the looks (`stylizeVideo`) into `workDir/<fileName>`. */
export async function stylizedVideoOutput(run: ClipRun, fileName: string, inputPath: string, style: VideoStyle): Promise<AssetOutput> {
  const outputPath = join(run.workDir, fileName);
  await stylizeVideo({ inputPath, style, outputPath, signal: run.signal, onProgress: run.onProgress }, run.ffmpeg);
  return probedVideoOutput(run, outputPath);
}
