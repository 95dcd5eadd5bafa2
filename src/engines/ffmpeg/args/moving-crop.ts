/**
 * A crop window that moves with time: the reframing of an edit, following the speaker's face.
 * The path is a list of key points joined by straight lines, written as one nested `if`
 * expression of the frame time `t` that the `crop` filter evaluates per frame.
 */
import { num } from './motion-expressions.js';

export interface CropKey {
  /** Seconds from the start of the clip the crop runs on. */
  atSeconds: number;
  /** Left and top edge of the window, pixels of the clip. */
  x: number;
  y: number;
}

/**
 * `value(t)` through the key points: constant before the first and after the last, linear
 * between. Keys must be in time order.
 */
export function piecewiseLinearExpr(keys: readonly { atSeconds: number; value: number }[]): string {
  if (keys.length === 0) return '0';
  const last = keys[keys.length - 1]!;
  let expr = num(Math.round(last.value));
  for (let i = keys.length - 2; i >= 0; i--) {
    const a = keys[i]!;
    const b = keys[i + 1]!;
    const span = b.atSeconds - a.atSeconds;
    const va = Math.round(a.value);
    const vb = Math.round(b.value);
    const segment = span <= 0 || va === vb ? num(va) : `${num(va)}+${num(vb - va)}*(t-${num(a.atSeconds)})/${num(span)}`;
    expr = `if(lt(t,${num(b.atSeconds)}),${segment},${expr})`;
  }
  const first = keys[0]!;
  return keys.length === 1 ? expr : `if(lt(t,${num(first.atSeconds)}),${num(Math.round(first.value))},${expr})`;
}

export interface MovingCropRequest {
  /** Size of the window, pixels of the clip (fixed for the whole clip). */
  width: number;
  height: number;
  path: readonly CropKey[];
}

/** The `crop` filter for a window following `path` (ffmpeg keeps it inside the picture). */
export function movingCropFilter(req: MovingCropRequest): string {
  const xs = piecewiseLinearExpr(req.path.map((k) => ({ atSeconds: k.atSeconds, value: k.x })));
  const ys = piecewiseLinearExpr(req.path.map((k) => ({ atSeconds: k.atSeconds, value: k.y })));
  return `crop=w=${Math.round(req.width)}:h=${Math.round(req.height)}:x='${xs}':y='${ys}'`;
}
