import type { PixelBox } from '../../../core/raster.js';
import type { StagedLayerFiles } from '../staging/staged-scene.js';

/**
 * The motion shots (pipelines/images/motion/*): product display videos from staged layers, and
 * image-to-video for any still. Each renderer is a pure ffmpeg argument builder in
 * `engines/ffmpeg/args/` plus a thin runner taking the ffmpeg port, with progress and cancellation.
 */

/** Product display shots made from the staged layers (Product Video `motion_style: display`). */
export const DISPLAY_MOTIONS = ['orbit-parallax', 'push-in', 'light-sweep', 'turntable', 'reveal-slide'] as const;
export type DisplayMotion = (typeof DISPLAY_MOTIONS)[number];

export interface DisplayVideoRequest {
  layers: StagedLayerFiles;
  /** One motion, or several cut together (a 10–15 s video is usually 2–3 shots). */
  motions: DisplayMotion[];
  durationSeconds: number;
  fps?: number;
  /** Varies speeds and directions: `regen_video` passes a new seed for a different variation. */
  seed: number;
  /** Optional audio track (music) mixed under the shots. */
  audioPath?: string;
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

/** Image-to-video kinds for any still (asset models). */
export const STILL_MOTIONS = ['ken-burns', 'parallax', 'zoom-to-detail'] as const;
export type StillMotion = (typeof STILL_MOTIONS)[number];

export interface StillVideoRequest {
  imagePath: string;
  motion: StillMotion;
  /** For `parallax`: the cut-out subject (PNG with alpha, same size as the image) moved apart from the background. */
  subjectPng?: string;
  /** For `zoom-to-detail`: what to end on (default: the subject's box or the centre). */
  focus?: PixelBox;
  width: number;
  height: number;
  durationSeconds: number;
  fps?: number;
  seed: number;
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}
