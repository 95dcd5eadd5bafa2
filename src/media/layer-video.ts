import { VP9_ALPHA_DECODER_ARGS } from '../engines/ffmpeg/args/index.js';
import { type FilterGraphBuilder, num } from './filter-graph.js';
import { parseHexColor, toFfmpegColor } from './color.js';
import { FRAMES_PER_SECOND as FPS, even, type FrameSize } from './frame-size.js';
import type { BackgroundFit, FramePosition, Layer } from './timeline.js';

export type MediaLayer = Extract<Layer, { kind: 'image' | 'logo' | 'video' | 'avatar' }>;

export interface TimedMediaLayer {
  layer: MediaLayer;
  startSeconds: number;
  endSeconds: number;
}

const LOGO_DEFAULTS = { position: { x: 0.36, y: -0.4 }, scale: 0.2 };

/** Overlays picture and clip layers on `base`, in order (later layers on top). */
export function addMediaLayers(g: FilterGraphBuilder, base: string, layers: readonly TimedMediaLayer[], frame: FrameSize): string {
  let current = base;
  for (const item of layers) {
    const { layer, startSeconds, endSeconds } = item;
    const isLogo = layer.kind === 'logo';
    const scale = layer.scale ?? (isLogo ? LOGO_DEFAULTS.scale : 1);
    const position = layer.position ?? (isLogo ? LOGO_DEFAULTS.position : { x: 0, y: 0 });
    const box = layer.box
      ? { width: even(frame.width * layer.box.width), height: even(frame.height * layer.box.height) }
      : { width: even(frame.width * scale), height: even(frame.height * scale) };
    const still = layer.kind === 'image' || layer.kind === 'logo';
    const prepared = still ? addPicture(g, layer, box) : addClip(g, layer, box, startSeconds, endSeconds);
    const out = g.label('ov');
    g.chain(`${current}${prepared}`, [overlayFilter(position, startSeconds, endSeconds, still)], out);
    current = out;
  }
  return current;
}

function overlayFilter(position: FramePosition, start: number, end: number, still: boolean): string {
  const x = `W*${num(0.5 + position.x)}-w/2`;
  const y = `H*${num(0.5 + position.y)}-h/2`;
  // A still is one frame that overlay repeats; a clip disappears when it ends.
  return `overlay=x='${x}':y='${y}':enable='between(t,${num(start)},${num(end)})':eof_action=${still ? 'repeat' : 'pass'}`;
}

/** Scale filters that bring media into its box: the whole of it (contain) or filling it (crop). */
function fitIntoBox(box: FrameSize, fit: BackgroundFit): string[] {
  return fit === 'crop'
    ? [`scale=${box.width}:${box.height}:force_original_aspect_ratio=increase`, `crop=${box.width}:${box.height}`]
    : [`scale=${box.width}:${box.height}:force_original_aspect_ratio=decrease:force_divisible_by=2`];
}

/** A disc mask of `side` pixels, drawn once and repeated `repeats` more times. */
function addCircleMask(g: FilterGraphBuilder, side: number, repeats: number): string {
  const mask = g.label('mask');
  g.chain(
    '',
    [
      `color=c=black:s=${side}x${side}:r=${FPS}:d=${num(1 / FPS)}`,
      'format=gray',
      `geq=lum='255*lte(hypot(X-${side / 2},Y-${side / 2}),${side / 2 - 1})'`,
      ...(repeats > 0 ? [`loop=loop=${repeats}:size=1`] : []),
      `settb=1/${FPS}`,
      'setpts=N',
    ],
    mask,
  );
  return mask;
}

function addPicture(g: FilterGraphBuilder, layer: Extract<MediaLayer, { kind: 'image' | 'logo' }>, box: FrameSize): string {
  const input = g.addInput(layer.path);
  const out = g.label('pic');
  if (layer.shape === 'circle') {
    const side = even(Math.min(box.width, box.height));
    const square = g.label('sq');
    g.chain(`[${input}:v]`, [...fitIntoBox({ width: side, height: side }, 'crop'), 'format=yuva420p', `settb=1/${FPS}`, 'setpts=N'], square);
    g.chain(`${square}${addCircleMask(g, side, 0)}`, ['alphamerge'], out);
    return out;
  }
  g.chain(`[${input}:v]`, [...fitIntoBox(box, layer.fit ?? 'contain'), 'format=yuva420p'], out);
  return out;
}

function addClip(
  g: FilterGraphBuilder,
  layer: Extract<MediaLayer, { kind: 'video' | 'avatar' }>,
  box: FrameSize,
  startSeconds: number,
  endSeconds: number,
): string {
  const seconds = Math.max(1 / FPS, endSeconds - startSeconds);
  const loop = layer.kind === 'video' && layer.loop === true;
  // ffmpeg's own VP9 decoder drops the alpha plane; libvpx keeps it.
  const decoder = /\.webm$/i.test(layer.path) ? [...VP9_ALPHA_DECODER_ARGS] : [];
  const skip = layer.sourceStartSeconds ? ['-ss', num(layer.sourceStartSeconds)] : [];
  const input = g.addInput(layer.path, [...(loop ? ['-stream_loop', '-1'] : []), ...skip, '-t', num(seconds), ...decoder]);
  const filters = [`fps=${FPS}`];
  const key = layer.kind === 'avatar' ? parseHexColor(layer.chromaKeyColor) : undefined;
  if (key) filters.push('format=yuva420p', `chromakey=${toFfmpegColor({ ...key, a: 255 })}:0.13:0.06`);

  const out = g.label('clip');
  if (layer.shape === 'circle') {
    const side = even(Math.min(box.width, box.height));
    const clip = g.label('sq');
    g.chain(`[${input}:v]`, [...filters, ...fitIntoBox({ width: side, height: side }, 'crop'), 'format=yuva420p'], clip);
    // The round mask is drawn once and repeated, not computed per frame.
    const mask = addCircleMask(g, side, Math.round(seconds * FPS));
    g.chain(`${clip}${mask}`, ['alphamerge', `setpts=PTS-STARTPTS+${num(startSeconds)}/TB`], out);
    return out;
  }
  g.chain(`[${input}:v]`, [...filters, ...fitIntoBox(box, layer.fit ?? 'contain'), 'format=yuva420p', `setpts=PTS-STARTPTS+${num(startSeconds)}/TB`], out);
  return out;
}
