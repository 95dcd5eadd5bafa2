import { seconds } from './global.js';

export interface FrameRequest {
  input: string;
  /** Seek before decoding (input `-ss`); unset takes the first frame. */
  atSeconds?: number;
  /** Scale to this width, height following the aspect (even, for encoders that need it). */
  width?: number;
  /** JPEG quality (`-q:v`, 2 best … 31); unset leaves the encoder's default. */
  jpegQuality?: number;
  /** The image file to write; its extension chooses the format (`.jpg`, `.png`). */
  output: string;
}

/**
 * One frame of a video as an image file: thumbnails and sampled stills. Seeking on the input
 * (`-ss` before `-i`) jumps to the nearest key frame and decodes from there, so it stays fast in
 * long videos; PNG output keeps a phone video's rotation as people see it.
 */
export function frameImageArgs(req: FrameRequest): string[] {
  return [
    '-y',
    ...(req.atSeconds !== undefined ? ['-ss', seconds(req.atSeconds)] : []),
    '-i',
    req.input,
    '-frames:v',
    '1',
    ...(req.width !== undefined ? ['-vf', `scale=${req.width}:-2`] : []),
    ...(req.jpegQuality !== undefined ? ['-q:v', String(req.jpegQuality)] : []),
    req.output,
  ];
}

/** The JPEG quality of every thumbnail the service writes (visually clean, about 40 kB at 720p). */
export const THUMBNAIL_JPEG_QUALITY = 3;

/**
 * The thumbnail of a finished video: a frame `atMostSeconds` in (or from the middle of a shorter
 * one, never a black first frame of a fade-in), JPEG at the thumbnail quality, full size or scaled
 * to `width`.
 */
export function videoThumbnailArgs(req: { input: string; durationSeconds: number; atMostSeconds: number; width?: number; output: string }): string[] {
  return frameImageArgs({
    input: req.input,
    atSeconds: Math.min(req.atMostSeconds, req.durationSeconds / 2),
    ...(req.width !== undefined ? { width: req.width } : {}),
    jpegQuality: THUMBNAIL_JPEG_QUALITY,
    output: req.output,
  });
}

/**
 * A thumbnail as an extra output of a run that already decodes the video: the first frame of
 * the stream labelled `streamLabel` (e.g. `[thumb]` of a filter graph). `-update 1` writes one
 * image, not a numbered sequence.
 */
export function thumbnailOutputArgs(streamLabel: string, output: string): string[] {
  return ['-map', streamLabel, '-frames:v', '1', '-q:v', String(THUMBNAIL_JPEG_QUALITY), '-update', '1', output];
}

/** The frame shown at a time as packed RGB (3 bytes a pixel) on stdout, scaled to a size. */
export function rawRgbFrameArgs(input: string, atSeconds: number, size: { width: number; height: number }): string[] {
  return [
    '-ss',
    seconds(atSeconds),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${size.width}:${size.height}`,
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}
