/**
 * Pieces of ffmpeg expressions for motion over time (filters evaluated per frame): progress of a
 * shot, easing curves, and the corner quad of a camera view for the `perspective` filter.
 * `perspective` with `sense=destination` places the source's four corners anywhere with subpixel
 * precision (bilinear or bicubic), so slow zooms and pans glide instead of stepping a whole pixel
 * at a time the way `zoompan`, `crop` and `overlay` positions do.
 */

/** A number for an expression: fixed decimals without trailing zeros, never exponent notation. */
export function num(value: number, decimals = 4): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** 0 before `startSeconds`, 1 after `startSeconds + lengthSeconds`, linear between. */
export function progressExpr(timeExpr: string, startSeconds: number, lengthSeconds: number): string {
  if (lengthSeconds <= 0) throw new Error('a progress needs a positive length');
  const shifted = startSeconds === 0 ? timeExpr : `(${timeExpr}-${num(startSeconds)})`;
  return `clip(${shifted}/${num(lengthSeconds)},0,1)`;
}

/** Slow start, slow end (cosine): camera moves that begin and settle without a jolt. */
export function easeInOutExpr(p: string): string {
  return `(0.5-0.5*cos(PI*${p}))`;
}

/** Fast start, slow end: things that arrive and settle. */
export function easeOutExpr(p: string): string {
  return `sin(PI/2*${p})`;
}

/** `from` at fraction 0, `to` at fraction 1. */
export function lerpExpr(from: number, to: number, fraction: string): string {
  if (from === to) return num(from);
  return `(${num(from)}+${num(to - from)}*${fraction})`;
}

/**
 * A camera view, in fractions of the frame: the source point (`anchorX`, `anchorY`) is shown at
 * the output point (`atX`, `atY`), magnified by `zoom` (≥ 1). `tilt` (a small fraction, signed)
 * stretches one vertical edge and shrinks the other, the keystone of a camera swinging sideways.
 */
export interface ViewExpr {
  zoom: string;
  anchorX: number | string;
  anchorY: number | string;
  atX: string;
  atY: string;
  tilt?: string;
  /** Clamp `at` so the source always covers the frame (needs zoom ≥ 1); off for layers with alpha that may travel. */
  cover: boolean;
}

function term(value: number | string): string {
  return typeof value === 'number' ? num(value) : `(${value})`;
}

/**
 * `perspective` options placing the source's corners for a view (`W`, `H` are the filter's frame
 * size). The frame counter `in` is the only clock `perspective` has, so expressions inside the
 * view must be written on `in` (see `frameTimeExpr`).
 */
export function perspectiveViewFilter(view: ViewExpr, opts: { interpolation: 'linear' | 'cubic' }): string {
  const z = `(${view.zoom})`;
  const ax = term(view.anchorX);
  const ay = term(view.anchorY);
  // Where the source's left/top edge lands, and its far edge, for an output point.
  let bx = `(${view.atX})`;
  let by = `(${view.atY})`;
  if (view.cover) {
    bx = `clip(${bx},1-(1-${ax})*${z},${ax}*${z})`;
    by = `clip(${by},1-(1-${ay})*${z},${ay}*${z})`;
  }
  const left = `W*(${bx}-${ax}*${z})`;
  const right = `W*(${bx}+(1-${ax})*${z})`;
  const top = `H*(${by}-${ay}*${z})`;
  const bottom = `H*(${by}+(1-${ay})*${z})`;
  const tilt = view.tilt ? `H*(${view.tilt})` : '';
  const corner = (edge: string, stretch: string) => (tilt ? `${edge}${stretch}${tilt}` : edge);
  const quote = (expr: string) => `'${expr}'`;
  return [
    'perspective=',
    [
      `x0=${quote(left)}`,
      `y0=${quote(corner(top, '-'))}`,
      `x1=${quote(right)}`,
      `y1=${quote(corner(top, '+'))}`,
      `x2=${quote(left)}`,
      `y2=${quote(corner(bottom, '+'))}`,
      `x3=${quote(right)}`,
      `y3=${quote(corner(bottom, '-'))}`,
      `interpolation=${opts.interpolation}`,
      'sense=destination',
      'eval=frame',
    ].join(':'),
  ].join('');
}

/** Seconds inside `perspective`, which counts frames (`in`) but has no `t`. */
export function frameTimeExpr(fps: number): string {
  return `(in/${num(fps)})`;
}

/**
 * A single decoded frame repeated `frames` times on a clean clock (time base 1/fps, pts = frame
 * index): a still decoded once instead of once per frame, and every shot on the same time base
 * so `xfade` and `overlay` line frames up exactly.
 */
export function holdFrameFilter(frames: number, fps: number): string {
  if (!Number.isInteger(frames) || frames < 1) throw new Error('a held still needs at least one frame');
  return `loop=loop=${frames - 1}:size=1:start=0,settb=1/${fps},setpts=N`;
}
