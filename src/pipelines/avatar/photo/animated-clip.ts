import type { AvatarResolution, Size } from './frame-layout.js';
import type { PhotoMouthFrame } from './mouth-track.js';

/** What both avatar animators (a photo's mesh warp, a video avatar's own footage) are asked to write. */
export interface AnimatedClipRequest {
  /** The mouth per output frame at 30 fps; the video lasts frames / 30 seconds. */
  frames: readonly PhotoMouthFrame[];
  /** The voice, muxed as AAC. */
  audioPath?: string;
  outputPath: string;
  /** Output size; default: the source's shape at `resolution`. */
  frame?: Size;
  resolution?: AvatarResolution;
  /** x264 settings; default veryfast / 23 (the service's render settings). */
  encoder?: { preset: string; crf: number };
  /** A folder for the work files (a subfolder is made and removed). */
  scratchDir: string;
  signal?: AbortSignal;
  onProgress?: (fraction0to1: number) => void;
}

/** The clip an avatar animator wrote. */
export interface AnimatedClip {
  videoPath: string;
  durationSeconds: number;
  frameCount: number;
  frame: Size;
}
