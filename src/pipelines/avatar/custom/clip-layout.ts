import { h264Args, vp9AlphaArgs } from '../../../engines/ffmpeg/args/index.js';
import { even, type Size } from '../photo/frame-layout.js';
import { AVATAR_FPS } from '../photo/mouth-track.js';

/** What is behind a photo avatar's clip; the same choices as a drawn avatar's. */
export type PhotoClipBackground = { kind: 'scene' } | { kind: 'color'; color: string } | { kind: 'image'; path: string } | { kind: 'transparent' };

/**
 * How a photo fills a frame. `cover`: the photo fills it, cropped around the face. `card`: the
 * photo is shown whole (its own background included — nothing cuts the person out of it),
 * centred on the requested background, which shows where the shapes differ.
 */
export type PhotoClipLayout = { mode: 'cover'; frame: Size } | { mode: 'card'; frame: Size; card: Size; x: number; y: number };

/** Cropping that keeps at least this share of the photo's width and height is fine for a presenter. */
export const COVER_MIN_KEPT = 0.7;

/**
 * Pure. With no background asked for (the video styles' avatar box), the photo covers the box.
 * With a background (color, picture, green screen, transparency), it covers the frame when that
 * costs little of the photo, and is shown whole as a card on the background otherwise.
 */
export function photoClipLayout(photo: Size, frame: Size, background: PhotoClipBackground['kind']): PhotoClipLayout {
  if (background === 'scene') return { mode: 'cover', frame };
  const cover = Math.max(frame.width / photo.width, frame.height / photo.height);
  const kept = Math.min(frame.width / (photo.width * cover), frame.height / (photo.height * cover));
  if (kept >= COVER_MIN_KEPT) return { mode: 'cover', frame };
  const fit = Math.min(frame.width / photo.width, frame.height / photo.height);
  const card = { width: Math.min(frame.width, even(photo.width * fit)), height: Math.min(frame.height, even(photo.height * fit)) };
  return { mode: 'card', frame, card, x: Math.floor((frame.width - card.width) / 2), y: Math.floor((frame.height - card.height) / 2) };
}

/** ffmpeg colour syntax for `#RRGGBB`. */
function ffmpegColor(color: string): string {
  return /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color) ? `0x${color.slice(1)}` : color;
}

/**
 * Pure: the animated photo (`clipPath`, `placed` pixels) laid at (x, y) on the background, for
 * `frameCount` frames. Transparent backgrounds give VP9 WebM with alpha (what the transparent
 * output is made from); the rest H.264.
 */
export function photoClipCompositeArgs(req: {
  clipPath: string;
  frame: Size;
  x: number;
  y: number;
  background: Exclude<PhotoClipBackground, { kind: 'scene' }>;
  frameCount: number;
  outputPath: string;
}): string[] {
  const { frame, background } = req;
  const size = `${frame.width}x${frame.height}`;
  const seconds = (req.frameCount / AVATAR_FPS).toFixed(3);
  const backgroundInput =
    background.kind === 'image'
      ? ['-loop', '1', '-framerate', String(AVATAR_FPS), '-i', background.path]
      : ['-f', 'lavfi', '-i', `color=c=${background.kind === 'color' ? ffmpegColor(background.color) : 'black@0'}:s=${size}:r=${AVATAR_FPS}`];
  const prepare =
    background.kind === 'image'
      ? `[1:v]scale=${frame.width}:${frame.height}:force_original_aspect_ratio=increase,crop=${frame.width}:${frame.height},setsar=1,format=rgba[bg]`
      : `[1:v]format=rgba[bg]`;
  const alpha = background.kind === 'transparent';
  const graph = `${prepare};[bg][0:v]overlay=${req.x}:${req.y}:shortest=1,format=${alpha ? 'yuva420p' : 'yuv420p'}[v]`;
  const encode = alpha ? vp9AlphaArgs({ bitrate: '2500k' }) : h264Args({ preset: 'veryfast', crf: 20 });
  return [
    '-y',
    '-i',
    req.clipPath,
    ...backgroundInput,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-an',
    ...encode,
    '-r',
    String(AVATAR_FPS),
    '-frames:v',
    String(req.frameCount),
    '-t',
    seconds,
    req.outputPath,
  ];
}
