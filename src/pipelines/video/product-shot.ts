import { createCanvas } from '@napi-rs/canvas';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { fromOklch, mixHex, toOklch } from '../images/backgrounds/colour.js';
import { canvasOf, softEllipse, withStops } from '../images/canvas-paint.js';
import { cropImage, resizeImage } from '../images/raster-io.js';
import { productPalette } from '../images/staging/palette.js';
import { CENTRED_PUSH, planPush, pushSafe, type PushIn, type PushRequest } from './push-in-shot.js';

/** A rectangle in fractions (0..1) from the top-left corner (product-area.ts's FrameRect; declared here so layout-box needs nothing else). */
type FrameRect = { x0: number; y0: number; x1: number; y1: number };

/**
 * A product shot: a picture made from one product photo to fill a box of the frame exactly, with
 * the product's box whole inside `keep` (the part of the box no text, logo, caption or presenter
 * covers). Where the photo's shape allows, it is the photo itself, cropped around the product
 * (full bleed); where it does not, a designed picture: the product cut out over a backdrop in its
 * own colours (or, when nothing could be cut out, the photo as a card on that backdrop). Never a
 * blurred copy of the photo.
 */
export interface ShotRequest {
  /** The product photo (a local file). */
  picture: string;
  /** Where the product's box must lie, in fractions of the shot (0..1 both ways). */
  keep: FrameRect;
  /** The ad's colours, used when the photo gives none of its own. */
  palette: { primary: string; accent: string };
  /** designed: always the cut-out on a backdrop (an end card); fill (default): the photo itself where it can. */
  mode?: 'fill' | 'designed';
  /**
   * whole (default): the finished picture. For parallax, a shot is asked for in two parts: the
   * backdrop (which the scene moves) and the product alone on transparency (which stands still
   * over it). A cropped photo is all backdrop; its product part is then empty.
   */
  part?: 'whole' | 'backdrop' | 'product';
  /**
   * When nothing could be found in the picture: `card` (default) takes the whole picture for the
   * product (a card on a designed backdrop unless its shape fills the box); `fill` takes it for a
   * background with no product to keep clear, cropped to fill the box (a client's end-card background).
   */
  whenNoProduct?: 'card' | 'fill';
  /** dark: a designed backdrop deep in the product's hue whatever the product's lightness (dramatic styles). */
  mood?: 'light' | 'dark';
  /**
   * A full-frame shot the scene pushes in on (push-in-shot.ts): drawn as the push's first frame,
   * larger than the frame so its end is sharp; its plan says where the push goes.
   */
  push?: PushRequest;
}

/**
 * What a shot was made as: the photo cropped (the window in the photo's pixels) or designed (the
 * product's place in the shot). A push-in shot also says where the push goes and what detail it
 * ends on (fractions of the shot, at its start).
 */
export type ShotPlan = ({ kind: 'crop'; window: PixelBox; product: PixelBox } | { kind: 'designed'; product: PixelBox }) & {
  push?: PushIn;
  detail?: FrameRect;
};

/** The product drawn at most this share of `keep` on a designed backdrop, so it breathes. */
const DESIGNED_FILL = 0.86;
/** A crop may enlarge the photo at most this much (more and it is soft): beyond, a designed shot. */
const MAX_UPSCALE = 2.6;

/**
 * Where the product lands. `product`: its box in the photo (null: unknown, so the whole photo is
 * the product and only a photo of the shot's own shape can fill it). A crop is the largest window
 * of the shot's shape (the photo scaled to cover) slid so the product's box sits inside `keep`,
 * as near its centre as the photo allows; if no slide does it, the shot is designed.
 */
export function planShot(
  photo: { width: number; height: number },
  product: PixelBox | null,
  shot: { width: number; height: number },
  keep: FrameRect,
  mode: 'fill' | 'designed' = 'fill',
  whenNoProduct: 'card' | 'fill' = 'card',
): ShotPlan {
  if (!product && whenNoProduct === 'fill') {
    // A background: the largest window of the shot's shape, centred.
    const s = Math.max(shot.width / photo.width, shot.height / photo.height);
    const width = Math.min(photo.width, Math.round(shot.width / s));
    const height = Math.min(photo.height, Math.round(shot.height / s));
    const window = { x: Math.round((photo.width - width) / 2), y: Math.round((photo.height - height) / 2), width, height };
    return { kind: 'crop', window, product: { x: 0, y: 0, width: 0, height: 0 } };
  }
  const P = product ?? { x: 0, y: 0, width: photo.width, height: photo.height };
  const K = { x0: keep.x0 * shot.width, y0: keep.y0 * shot.height, x1: keep.x1 * shot.width, y1: keep.y1 * shot.height };
  if (mode === 'fill') {
    const s = Math.max(shot.width / photo.width, shot.height / photo.height);
    const win = { width: shot.width / s, height: shot.height / s };
    const axis = (p0: number, pLen: number, k0: number, k1: number, photoLen: number, winLen: number): number | null => {
      // Window offsets o that keep the product inside [k0, k1] of the shot and the window inside the photo.
      const lo = Math.max(0, p0 + pLen - k1 / s);
      const hi = Math.min(photoLen - winLen, p0 - k0 / s);
      if (lo > hi + 1e-6) return null;
      const centred = p0 + pLen / 2 - (k0 + k1) / 2 / s;
      return Math.min(Math.max(centred, lo), Math.max(lo, hi));
    };
    const ox = axis(P.x, P.width, K.x0, K.x1, photo.width, win.width);
    const oy = axis(P.y, P.height, K.y0, K.y1, photo.height, win.height);
    if (ox !== null && oy !== null && s <= MAX_UPSCALE) {
      const window = { x: Math.round(ox), y: Math.round(oy), width: Math.round(win.width), height: Math.round(win.height) };
      window.width = Math.min(window.width, photo.width - window.x);
      window.height = Math.min(window.height, photo.height - window.y);
      return { kind: 'crop', window, product: { x: (P.x - ox) * s, y: (P.y - oy) * s, width: P.width * s, height: P.height * s } };
    }
  }
  const kw = K.x1 - K.x0;
  const kh = K.y1 - K.y0;
  const scale = Math.min((kw * DESIGNED_FILL) / P.width, (kh * DESIGNED_FILL) / P.height);
  const width = P.width * scale;
  const height = P.height * scale;
  // Centred across, a little low in its place: it stands on the glow's floor.
  const x = K.x0 + (kw - width) / 2;
  const y = K.y0 + (kh - height) * 0.6;
  return { kind: 'designed', product: { x, y, width, height } };
}

/** A photo and what the cut-out found in it (null: nothing could be cut out). */
export interface AnalysedPhoto {
  photo: RgbaImage;
  cutout: RgbaImage | null;
  /** The product's box in the photo (the cut-out's opaque part), null when unknown. */
  box: PixelBox | null;
}

/** Draws one shot (or one part of it, see ShotRequest.part) as RGBA of exactly `width`×`height`, and says how it was made. */
export async function drawShot(req: ShotRequest, analysed: AnalysedPhoto, width: number, height: number): Promise<{ image: RgbaImage; plan: ShotPlan }> {
  const planFor = (p: AnalysedPhoto) =>
    req.push ? pushPlan(req, p, width, height) : planShot(p.photo, p.box, { width, height }, req.keep, req.mode, req.whenNoProduct);
  let photo = analysed;
  let plan = planFor(photo);
  if (plan.kind === 'designed' && cutAtPhotoEdge(photo)) {
    // The photo itself cut the product (a close-up's base, a lid past the top): floated on a
    // backdrop the cut-out shows that straight cut as if sliced; as a card, the photo's own edge is the frame.
    photo = { photo: analysed.photo, cutout: null, box: null };
    plan = planFor(photo);
  }
  const part = req.part ?? 'whole';
  if (plan.kind === 'crop') {
    if (part === 'product') return { image: { width, height, data: new Uint8Array(width * height * 4) }, plan };
    const image = await resizeImage(cropImage(photo.photo, plan.window), width, height);
    return { image, plan };
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const p = plan.product;
  const floorY = p.y + p.height;
  if (part !== 'product') {
    const colours = backdropColours(photo, req.palette, req.mood);
    // The backdrop: a soft light behind the product falling off to the edges, all in the product's hue.
    const glow = ctx.createRadialGradient(
      p.x + p.width / 2,
      p.y + p.height * 0.45,
      0,
      p.x + p.width / 2,
      p.y + p.height * 0.45,
      Math.max(width, height) * 0.75,
    );
    ctx.fillStyle = withStops(glow, [
      [0, colours.light],
      [0.55, colours.mid],
      [1, colours.dark],
    ]);
    ctx.fillRect(0, 0, width, height);
    // A floor from the product's foot down.
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, floorY - p.height * 0.02, 0, height), [
      [0, 'rgba(0,0,0,0)'],
      [0.08, 'rgba(0,0,0,0.10)'],
      [1, 'rgba(0,0,0,0.22)'],
    ]);
    ctx.fillRect(0, floorY - p.height * 0.02, width, height - floorY + p.height * 0.02);
  }
  if (part !== 'backdrop') {
    // The product's shadow goes with the product, so it stays under it when the backdrop moves.
    softEllipse(ctx, p.x + p.width / 2, floorY - p.height * 0.005, p.width * 0.48, Math.max(3, p.height * 0.04), [
      [0, 'rgba(0,0,0,0.38)'],
      [1, 'rgba(0,0,0,0)'],
    ]);
    const subject = photo.cutout && photo.box ? cropImage(photo.cutout, photo.box) : photo.photo;
    const w = Math.max(1, Math.round(p.width));
    const h = Math.max(1, Math.round(p.height));
    const sprite = canvasOf(await resizeImage(subject, w, h));
    ctx.save();
    if (!photo.cutout || !photo.box) {
      // A photo that could not be cut out stands as a card: rounded, with a shadow under it.
      ctx.shadowColor = 'rgba(0,0,0,0.35)';
      ctx.shadowBlur = Math.min(w, h) * 0.06;
      ctx.shadowOffsetY = Math.min(w, h) * 0.02;
      ctx.fillStyle = '#FFFFFF';
      ctx.beginPath();
      ctx.roundRect(Math.round(p.x), Math.round(p.y), w, h, Math.min(w, h) * 0.05);
      ctx.fill();
      ctx.shadowColor = 'transparent';
      ctx.clip();
    }
    ctx.drawImage(sprite, Math.round(p.x), Math.round(p.y));
    ctx.restore();
  }
  const data = ctx.getImageData(0, 0, width, height).data;
  return { image: { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }, plan };
}

/** A product part this long along a photo's edge (a share of that edge) is the photo's cut, not a touch. */
const EDGE_CUT_SHARE = 0.06;

/** Whether the cut-out's product runs off the photo: opaque pixels along one of its edges. */
export function cutAtPhotoEdge(photo: AnalysedPhoto): boolean {
  const { cutout, box } = photo;
  if (!cutout || !box) return false;
  const { width: w, height: h, data } = cutout;
  const opaque = (x: number, y: number) => data[(y * w + x) * 4 + 3]! > 128;
  const run = (n: number, at: (i: number) => boolean) => {
    let count = 0;
    for (let i = 0; i < n; i++) if (at(i)) count++;
    return count / n;
  };
  return (
    (box.y <= 0 && run(w, (x) => opaque(x, 0)) >= EDGE_CUT_SHARE) ||
    (box.y + box.height >= h && run(w, (x) => opaque(x, h - 1)) >= EDGE_CUT_SHARE) ||
    (box.x <= 0 && run(h, (y) => opaque(0, y)) >= EDGE_CUT_SHARE) ||
    (box.x + box.width >= w && run(h, (y) => opaque(w - 1, y)) >= EDGE_CUT_SHARE)
  );
}

/** A push-in shot's plan: in on the detail when it fits, else planned for the gentle centred zoom. */
function pushPlan(req: ShotRequest, photo: AnalysedPhoto, width: number, height: number): ShotPlan {
  const shot = { width, height };
  const base = planShot(photo.photo, photo.box, shot, req.keep, req.mode, req.whenNoProduct);
  const pushed = photo.box || req.whenNoProduct !== 'fill' ? planPush(base, photo, shot, req.keep, req.push!) : null;
  if (pushed) return { ...pushed.plan, push: pushed.push, detail: pushed.detail };
  return { ...planShot(photo.photo, photo.box, shot, pushSafe(req.keep, CENTRED_PUSH), req.mode, req.whenNoProduct), push: CENTRED_PUSH };
}

/**
 * The backdrop's colours: the product's most prominent colour with some chroma (else the ad's
 * primary), as a light, a middle and a dark tone. A light product gets a deeper backdrop and a dark
 * one a lighter backdrop, so it stands off it.
 */
export function backdropColours(
  photo: AnalysedPhoto,
  palette: { primary: string; accent: string },
  mood: 'light' | 'dark' = 'light',
): { light: string; mid: string; dark: string } {
  const own = photo.cutout ? productPalette(photo.cutout, 4) : [];
  const hued = own.find((c) => toOklch(c).c > 0.04) ?? palette.primary;
  const base = toOklch(hued);
  const productL = own.length > 0 ? toOklch(own[0]!).l : 0.5;
  const chroma = Math.min(0.09, Math.max(0.035, base.c * 0.6));
  const deep = productL > 0.62;
  const at = (l: number, c = chroma) => fromOklch({ l, c, h: base.h });
  // A spot of light behind the product in a dark room.
  if (mood === 'dark') return { light: at(0.34), mid: at(0.17, chroma * 0.7), dark: at(0.07, chroma * 0.4) };
  return deep ? { light: at(0.5), mid: at(0.38), dark: mixHex(at(0.24), '#000000', 0.2) } : { light: at(0.95, chroma * 0.5), mid: at(0.86), dark: at(0.7) };
}
