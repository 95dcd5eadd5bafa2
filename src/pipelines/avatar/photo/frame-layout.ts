import type { Point } from '../../../engines/face/index.js';

export type AvatarResolution = '480p' | '720p' | '1080p' | '2k';

/** The short side of the output for each resolution name (2k: 1440, as in 2560x1440). */
export const SHORT_SIDE_PX: Record<AvatarResolution, number> = { '480p': 480, '720p': 720, '1080p': 1080, '2k': 1440 };

export interface Size {
  width: number;
  height: number;
}

/**
 * The output frame for a photo whose shape the video follows (Aurora): the short side is the
 * resolution's, the other keeps the photo's proportions, both even for H.264's 4:2:0.
 */
export function frameSizeForImage(resolution: AvatarResolution, image: Size): Size {
  const short = SHORT_SIDE_PX[resolution];
  const scale = short / Math.min(image.width, image.height);
  return { width: even(image.width * scale), height: even(image.height * scale) };
}

/** How the photo is scaled and cropped to cover the frame. */
export interface PhotoPlacement {
  frame: Size;
  /** Photo pixels → frame pixels. */
  scale: number;
  /** Size of the photo once scaled; the frame is a window into it at (cropX, cropY). */
  resized: Size;
  cropX: number;
  cropY: number;
}

/**
 * Covers the frame with the photo; when the shapes differ, the window is moved to keep the face
 * centred across and its centre about 42 % down (a little above the middle, like a presenter).
 */
export function placePhoto(image: Size, frame: Size, faceCentre: Point): PhotoPlacement {
  const scale = Math.max(frame.width / image.width, frame.height / image.height);
  const resized = { width: Math.max(frame.width, Math.round(image.width * scale)), height: Math.max(frame.height, Math.round(image.height * scale)) };
  const cropX = clamp(Math.round(faceCentre[0] * scale - frame.width / 2), 0, resized.width - frame.width);
  const cropY = clamp(Math.round(faceCentre[1] * scale - frame.height * 0.42), 0, resized.height - frame.height);
  return { frame, scale, resized, cropX, cropY };
}

export function photoToFrame(point: Point, placement: PhotoPlacement): Point {
  return [point[0] * placement.scale - placement.cropX, point[1] * placement.scale - placement.cropY];
}

export function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
