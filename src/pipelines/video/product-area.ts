import type { AspectRatio } from '../../media/timeline.js';
import type { Box } from './layout-box.js';

/** A rectangle in fractions of the frame, from its top-left corner (0..1 both ways). */
export interface FrameRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const FRAME_UNITS: Record<AspectRatio, { width: number; height: number }> = {
  '16:9': { width: 16, height: 9 },
  '9:16': { width: 9, height: 16 },
  '1:1': { width: 1, height: 1 },
};

/** The rectangle of a layer placed by its centre offset (−0.5..0.5) and box. */
export function rectOf(position: { x: number; y: number }, box: Box): FrameRect {
  const cx = 0.5 + position.x;
  const cy = 0.5 + position.y;
  return { x0: cx - box.width / 2, y0: cy - box.height / 2, x1: cx + box.width / 2, y1: cy + box.height / 2 };
}

/** The box a layer with `scale` (and no box) takes: a round one is the largest square of it. */
export function scaledLayerRect(aspectRatio: AspectRatio, position: { x: number; y: number }, scale: number, round: boolean): FrameRect {
  if (!round) return rectOf(position, { width: scale, height: scale });
  const f = FRAME_UNITS[aspectRatio];
  const side = Math.min(f.width, f.height) * scale;
  return rectOf(position, { width: side / f.width, height: side / f.height });
}

export function overlaps(a: FrameRect, b: FrameRect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/**
 * Where a product picture can go whole without anything laid over it: the part of the frame
 * left free by `obstacles` (the presenter, a CTA card), each kept `marginFraction` away. Among
 * the free rectangles the one that holds the largest square wins (product shots are mostly
 * square), then the larger one. Null when the obstacles leave nothing usable.
 */
export function freeArea(
  aspectRatio: AspectRatio | { width: number; height: number },
  obstacles: readonly FrameRect[],
  marginFraction = 0.02,
): FrameRect | null {
  let candidates: FrameRect[] = [{ x0: marginFraction, y0: marginFraction, x1: 1 - marginFraction, y1: 1 - marginFraction }];
  for (const o of obstacles) {
    const grown = { x0: o.x0 - marginFraction, y0: o.y0 - marginFraction, x1: o.x1 + marginFraction, y1: o.y1 + marginFraction };
    candidates = candidates.flatMap((c) =>
      overlaps(c, grown)
        ? [
            { ...c, x1: Math.min(c.x1, grown.x0) },
            { ...c, x0: Math.max(c.x0, grown.x1) },
            { ...c, y1: Math.min(c.y1, grown.y0) },
            { ...c, y0: Math.max(c.y0, grown.y1) },
          ].filter((r) => r.x1 - r.x0 > 0.05 && r.y1 - r.y0 > 0.05)
        : [c],
    );
  }
  // A part of the frame (a picture's box) is given by its own proportions.
  const f = typeof aspectRatio === 'string' ? FRAME_UNITS[aspectRatio] : aspectRatio;
  const side = (r: FrameRect) => Math.min((r.x1 - r.x0) * f.width, (r.y1 - r.y0) * f.height);
  const area = (r: FrameRect) => (r.x1 - r.x0) * (r.y1 - r.y0);
  const best = [...candidates].sort((a, b) => side(b) - side(a) || area(b) - area(a))[0];
  return best ?? null;
}

/** A rectangle back to the timeline's placement: centre offset and box. */
export function placementOf(r: FrameRect): { position: { x: number; y: number }; box: Box } {
  return { position: { x: (r.x0 + r.x1) / 2 - 0.5, y: (r.y0 + r.y1) / 2 - 0.5 }, box: { width: r.x1 - r.x0, height: r.y1 - r.y0 } };
}
