import type { PixelBox, RgbaImage } from '../../core/raster.js';
import type { PushIn, Timeline } from '../../media/timeline.js';
import { detailBox, type DetailTopic } from './product-detail.js';

/** What product-shot.ts planned and read (declared here so the two files do not import each other). */
type BasePlan = { kind: 'crop'; window: PixelBox; product: PixelBox } | { kind: 'designed'; product: PixelBox };
type Photo = { photo: RgbaImage; cutout: RgbaImage | null; box: PixelBox | null };

export type { PushIn };

/** A rectangle in fractions (0..1) of the shot. */
type FrameRect = { x0: number; y0: number; x1: number; y1: number };

/** What a push-in shot asks: the part named by the scene's words, and the full-quality frame the zoom is capped for. */
export interface PushRequest {
  topic: DetailTopic | null;
  /** The shot's size at full quality: a preview pushes exactly as far as the render. */
  renderWidthPx: number;
  renderHeightPx: number;
}

/** How far a push goes when nothing else limits it: a slow, clearly felt move in. */
export const PUSH_ZOOM = 1.4;
/** The shot is drawn this much larger than the frame, so the end of the push is sharp. */
export const PUSH_DRAW_SCALE = 1.4;
/** A push shorter than this is not worth the name: the shot falls back to a gentle centred zoom. */
const MIN_PUSH = 1.12;
/** The photo may be enlarged this much at the end of the push before it looks soft. */
const MAX_END_UPSCALE = 1.1;
/** The fallback: the gentle centred zoom every other scene makes. */
export const CENTRED_PUSH: PushIn = { zoom: 1.12, x: 0.5, y: 0.5 };

/**
 * A push-in planned from a shot's ordinary plan, the product's box inside `keep` through the whole
 * move (so the words around it never cover it), and the zoom capped so the end never shows the photo
 * enlarged more than MAX_END_UPSCALE. A cropped photo: the push starts on the crop and moves in on the
 * detail as far as the product's room and the photo's pixels allow. A designed shot: the product is
 * drawn smaller at the start, so the push ends with it at its usual size, the detail where it was.
 * Null when no push of at least MIN_PUSH fits.
 */
export function planPush(
  base: BasePlan,
  photo: Photo,
  shot: { width: number; height: number },
  keep: FrameRect,
  req: PushRequest,
): { plan: BasePlan; push: PushIn; detail: FrameRect } | null {
  const P: PixelBox = photo.box ?? { x: 0, y: 0, width: photo.photo.width, height: photo.photo.height };
  const D = detailBox(photo.photo, photo.cutout, P, req.topic);
  // Render pixels per shot pixel: the zoom cap is worked at full quality whatever size is drawn now.
  const toRender = req.renderWidthPx / shot.width;
  if (base.kind === 'crop') {
    const s = shot.width / base.window.width;
    const toShot = (b: PixelBox): FrameRect => ({
      x0: ((b.x - base.window.x) * s) / shot.width,
      y0: ((b.y - base.window.y) * s) / shot.height,
      x1: ((b.x + b.width - base.window.x) * s) / shot.width,
      y1: ((b.y + b.height - base.window.y) * s) / shot.height,
    });
    const product = toShot(P);
    const detail = toShot(D);
    // Photo pixels per render pixel at the start; the end may enlarge them at most MAX_END_UPSCALE.
    const pixelCap = (base.window.width / (shot.width * toRender)) * MAX_END_UPSCALE;
    const aim = centre(detail);
    const mid = centre(product);
    // The detail first; if the product has no room to grow around it, aim nearer the product's middle.
    let best: { zoom: number; f: { x: number; y: number } } | null = null;
    for (const t of [0, 0.25, 0.5]) {
      const f = { x: aim.x + (mid.x - aim.x) * t, y: aim.y + (mid.y - aim.y) * t };
      const zoom = Math.min(PUSH_ZOOM, pixelCap, roomToGrow(product, keep, f));
      if (!best || zoom > best.zoom + 0.05) best = { zoom, f };
      if (zoom >= PUSH_ZOOM - 1e-9) break;
    }
    if (!best || best.zoom < MIN_PUSH) return null;
    return { plan: base, push: { zoom: round(best.zoom), x: round(best.f.x), y: round(best.f.y) }, detail };
  }
  // Designed: the product ends where the ordinary plan puts it, or smaller when the photo lacks the pixels.
  const endWidthRender = base.product.width * toRender;
  const end = Math.min(1, (P.width / endWidthRender) * MAX_END_UPSCALE);
  const zoom = PUSH_ZOOM * end;
  if (zoom < MIN_PUSH) return null;
  const e = base.product;
  // Shrunk about its foot's middle, so it still stands where the ordinary plan stood it.
  const endBox = { x: e.x + (e.width * (1 - end)) / 2, y: e.y + e.height * (1 - end), width: e.width * end, height: e.height * end };
  const k = endBox.width / P.width;
  const detailEnd = {
    x0: (endBox.x + (D.x - P.x) * k) / shot.width,
    y0: (endBox.y + (D.y - P.y) * k) / shot.height,
    x1: (endBox.x + (D.x + D.width - P.x) * k) / shot.width,
    y1: (endBox.y + (D.y + D.height - P.y) * k) / shot.height,
  };
  const f = centre(detailEnd);
  // The start is the end seen from further back: every point pulled towards f by 1/zoom.
  const back = (v: number, fv: number) => fv + (v - fv) / zoom;
  const start = {
    x: back(endBox.x / shot.width, f.x) * shot.width,
    y: back(endBox.y / shot.height, f.y) * shot.height,
    width: endBox.width / zoom,
    height: endBox.height / zoom,
  };
  const detail = { x0: back(detailEnd.x0, f.x), y0: back(detailEnd.y0, f.y), x1: back(detailEnd.x1, f.x), y1: back(detailEnd.y1, f.y) };
  return { plan: { kind: 'designed', product: start }, push: { zoom: round(zoom), x: round(f.x), y: round(f.y) }, detail };
}

/**
 * The part of `keep` whose points stay inside it while the view pushes in on `push` (a point p shows
 * at f + (p − f)·z for z from 1 to the zoom): where a shot is planned when its push is the fallback.
 */
export function pushSafe(keep: FrameRect, push: PushIn): FrameRect {
  const side = (k0: number, k1: number, f: number): [number, number] => [k0 < f ? f + (k0 - f) / push.zoom : k0, k1 > f ? f + (k1 - f) / push.zoom : k1];
  const [x0, x1] = side(keep.x0, keep.x1, push.x);
  const [y0, y1] = side(keep.y0, keep.y1, push.y);
  return { x0, y0, x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}

/** The largest zoom about f that keeps `box` inside `keep` (f inside both). */
function roomToGrow(box: FrameRect, keep: FrameRect, f: { x: number; y: number }): number {
  const limits = [
    box.x0 < f.x ? (f.x - keep.x0) / (f.x - box.x0) : Number.POSITIVE_INFINITY,
    box.x1 > f.x ? (keep.x1 - f.x) / (box.x1 - f.x) : Number.POSITIVE_INFINITY,
    box.y0 < f.y ? (f.y - keep.y0) / (f.y - box.y0) : Number.POSITIVE_INFINITY,
    box.y1 > f.y ? (keep.y1 - f.y) / (box.y1 - f.y) : Number.POSITIVE_INFINITY,
  ];
  // The view's own edge: f is the fixed point, so the view stays in the shot for any f in it.
  return Math.max(0, Math.min(...limits));
}

function centre(r: FrameRect): { x: number; y: number } {
  return { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}

/**
 * The timeline with each push-in scene told where its push goes, once its shot is drawn (the
 * detail and the zoom are known only from the photo). A push-in whose shot has no plan stands still.
 */
export function withPushes(timeline: Timeline, plans: ReadonlyMap<string, { push?: PushIn }>): Timeline {
  return {
    ...timeline,
    scenes: timeline.scenes.map((scene) => {
      const bg = scene.background;
      if (bg.kind !== 'image' || bg.motion !== 'push-in') return scene;
      const push = plans.get(bg.path)?.push;
      return push ? { ...scene, background: { ...bg, push } } : scene;
    }),
  };
}
