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

/** The video shapes of the contract (16:9, 9:16, 1:1), as width over height. */
export const CONTRACT_ASPECTS = [
  { name: '9:16', ratio: 9 / 16 },
  { name: '1:1', ratio: 1 },
  { name: '16:9', ratio: 16 / 9 },
] as const;

/**
 * Aurora's frame: "the shape follows the image", read as the contract's video shape nearest the
 * photo's (by the ratio's logarithm, so 4:5 → 1:1, 2:3 → 9:16, 3:2 → 16:9) with the resolution's
 * short side — 720×1280, 720×720 or 1280×720 at 720p, never the photo's own odd shape (720×874).
 */
export function contractFrameForImage(resolution: AvatarResolution, image: Size): Size {
  const shape = Math.log(image.width / image.height);
  const nearest = CONTRACT_ASPECTS.reduce((best, a) => (Math.abs(Math.log(a.ratio) - shape) < Math.abs(Math.log(best.ratio) - shape) ? a : best));
  const short = SHORT_SIDE_PX[resolution];
  return nearest.ratio < 1 ? { width: short, height: even(short / nearest.ratio) } : { width: even(short * nearest.ratio), height: short };
}

/**
 * How close a talking photo is framed on its face. A portrait where the person is small (a half
 * or full figure) is cropped around the face rather than refused: the face is brought to about
 * `targetShare` of the frame's short side (head and shoulders), enlarging the photo at most
 * `maxUpscale` times for that; but a face is always enlarged to at least `minFacePx` and
 * `minShare` of the short side, the least a drawn mouth reads at, whatever the enlargement costs
 * in sharpness.
 */
export const FACE_FRAMING = { targetShare: 0.3, maxUpscale: 2.5, minFacePx: 110, minShare: 0.15 } as const;

/**
 * Pure. The scale (photo pixels → frame pixels) that frames the face per `FACE_FRAMING`; never
 * less than the scale that covers the frame, so a portrait whose face is already large is shown
 * whole (as `placePhoto` alone would).
 */
export function faceFramingScale(image: Size, frame: Size, faceWidthPx: number): number {
  const cover = Math.max(frame.width / image.width, frame.height / image.height);
  const short = Math.min(frame.width, frame.height);
  const face = Math.max(1, faceWidthPx);
  const desired = (FACE_FRAMING.targetShare * short) / face;
  const needed = Math.max(FACE_FRAMING.minFacePx, FACE_FRAMING.minShare * short) / face;
  return Math.max(cover, Math.min(desired, Math.max(FACE_FRAMING.maxUpscale, needed)));
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
export function placePhoto(image: Size, frame: Size, faceCentre: Point, atScale?: number): PhotoPlacement {
  // `atScale` (from `faceFramingScale`) zooms in on the face; below the cover scale it is ignored.
  const scale = Math.max(frame.width / image.width, frame.height / image.height, atScale ?? 0);
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
