import { FilterGraph } from './filter-graph.js';
import { easeInOutExpr, easeOutExpr, frameTimeExpr, holdFrameFilter, num, perspectiveViewFilter, progressExpr } from './motion-expressions.js';
import { FASTSTART_ARGS, h264Args } from './video-encoders.js';

/** Where the camera looks: the source point (fractions of the image) shown at the frame's centre, and the magnification. */
export interface StillViewKey {
  zoom: number;
  centreX: number;
  centreY: number;
}

export interface StillViewPath {
  from: StillViewKey;
  to: StillViewKey;
  ease: 'in-out' | 'out';
}

export interface StillVideoArgsRequest {
  /** The picture (for parallax: the background with the subject's hole already filled). */
  imagePath: string;
  /** For parallax: the cut-out subject, same size as the picture, moving on its own path. */
  subject?: { path: string; view: StillViewPath };
  view: StillViewPath;
  widthPx: number;
  heightPx: number;
  /**
   * The warp runs on a canvas this many times the output, then scales down: a zoom of 2 reads real
   * pixels of a large photo instead of enlarging a small copy, and motion stays subpixel smooth.
   */
  supersample: number;
  durationSeconds: number;
  fps: number;
  outputPath: string;
}

function even(n: number): number {
  return Math.max(2, 2 * Math.round(n / 2));
}

/** Zoom changes geometrically (equal steps feel equally fast); the centre follows the same easing. */
export function viewPathExpr(path: StillViewPath, durationSeconds: number, fps: number) {
  const p = progressExpr(frameTimeExpr(fps), 0, durationSeconds);
  const e = path.ease === 'out' ? easeOutExpr(p) : easeInOutExpr(p);
  const ratio = path.to.zoom / path.from.zoom;
  const zoom = ratio === 1 ? num(path.from.zoom) : `${num(path.from.zoom)}*pow(${num(ratio, 5)},${e})`;
  const lerp = (a: number, b: number) => (a === b ? num(a, 5) : `(${num(a, 5)}+${num(b - a, 5)}*${e})`);
  return { zoom, centreX: lerp(path.from.centreX, path.to.centreX), centreY: lerp(path.from.centreY, path.to.centreY) };
}

/** A still turned into a moving shot (Ken Burns, parallax, zoom to a detail): H.264, exact size and length, no audio. */
export function stillVideoArgs(req: StillVideoArgsRequest): string[] {
  const graph = new FilterGraph();
  const canvasW = even(req.widthPx * req.supersample);
  const canvasH = even(req.heightPx * req.supersample);
  const frames = Math.max(1, Math.round(req.durationSeconds * req.fps));
  const cover = `scale=${canvasW}:${canvasH}:force_original_aspect_ratio=increase:flags=lanczos,crop=${canvasW}:${canvasH}`;
  const warp = (path: StillViewPath, coverFrame: boolean) => {
    const v = viewPathExpr(path, req.durationSeconds, req.fps);
    return perspectiveViewFilter(
      { zoom: v.zoom, anchorX: v.centreX, anchorY: v.centreY, atX: '0.5', atY: '0.5', cover: coverFrame },
      { interpolation: 'cubic' },
    );
  };
  let video = graph.chain(graph.input(req.imagePath), [cover, 'format=yuv444p', holdFrameFilter(frames, req.fps), warp(req.view, true)], 'bg');
  if (req.subject) {
    const subject = graph.chain(
      graph.input(req.subject.path),
      [cover, 'format=yuva444p', holdFrameFilter(frames, req.fps), warp(req.subject.view, false)],
      'subject',
    );
    video = graph.chain([video, subject], 'overlay=x=0:y=0:format=yuv444', 'layered');
  }
  const downscale = canvasW !== req.widthPx || canvasH !== req.heightPx ? [`scale=${req.widthPx}:${req.heightPx}:flags=bicubic`] : [];
  const out = graph.chain(video, [...downscale, 'setsar=1', 'format=yuv420p'], 'out');
  return [
    ...graph.inputArgs(),
    '-filter_complex',
    graph.filterComplex(),
    '-map',
    out,
    '-frames:v',
    String(frames),
    '-r',
    String(req.fps),
    ...h264Args({ preset: 'veryfast', crf: 18 }),
    ...FASTSTART_ARGS,
    req.outputPath,
  ];
}
