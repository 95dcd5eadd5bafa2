import { createCanvas } from '@napi-rs/canvas';
import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import type { BackgroundMotion, PushIn } from '../../../media/timeline.js';
import { toOklch } from '../../images/backgrounds/colour.js';
import { canvasOf, softEllipse, withStops } from '../../images/canvas-paint.js';
import { canvasToRgba, cropImage, drawOver, resizeImage } from '../../images/raster-io.js';
import { stageProduct } from '../../images/staging/stage-product.js';
import { motionSafe } from '../../video/layout-zones.js';
import { detailBox, detailTopicOf } from '../../video/product-detail.js';
import { backdropColours, planShot } from '../../video/product-shot.js';
import type { ShortProductPicture } from './draw-product.js';
import type { ShortLook } from './short-looks.js';

/**
 * How a product scene frames the product; a short's product scenes take them in turn, so the
 * product is seen three ways: the hero (the photo itself cropped around the product when its shape
 * allows, else the cut-out large on a backdrop in its own colours), a push-in on its detail, and
 * staged on a surface (the image staging's scenes, in its palette).
 */
export const PRODUCT_FRAMINGS = ['hero', 'detail', 'staged'] as const;
export type ProductFraming = (typeof PRODUCT_FRAMINGS)[number];

export interface FramedProduct {
  image: RgbaImage;
  /** Where the product stands in the picture, in its pixels (whole: never cut by the frame). */
  product: PixelBox;
  /** The motion that keeps it whole (the product's box was fitted inside what the motion always shows). */
  motion: BackgroundMotion;
  /** For a push-in: where it goes. */
  push?: PushIn;
  /** What the picture is: the photo cropped, the cut-out on a designed backdrop, or staged on a surface. */
  kind: 'photo' | 'designed' | 'staged';
}

type Rect = { x0: number; y0: number; x1: number; y1: number };

/**
 * Where the product may stand, in fractions of the frame: below the cinematic letterbox (an eighth
 * of the height; 12.8 % on wide frames) and above the captions (centred at 90 % of the height), as
 * wide as the frame allows — in 9:16 most products are as wide as tall, so the width decides.
 */
function productZone(width: number, height: number): Rect {
  const aspect = width / height;
  if (aspect < 0.9) return { x0: 0.03, y0: 0.15, x1: 0.97, y1: 0.8 };
  if (aspect < 1.2) return { x0: 0.08, y0: 0.15, x1: 0.92, y1: 0.8 };
  return { x0: 0.14, y0: 0.15, x1: 0.86, y1: 0.8 };
}

/** A push-in ends this much closer, on the product's detail. */
const DETAIL_PUSH_ZOOM = 1.3;

/**
 * One product scene's picture at `width`×`height`: the product large and whole, framed as asked,
 * on a backdrop that takes the style's look (the product is drawn after it, in its own colours).
 * `painted`: a remote painter's picture to stand it on instead of a designed backdrop.
 */
export async function frameProduct(req: {
  product: ShortProductPicture;
  framing: ProductFraming;
  width: number;
  height: number;
  look: ShortLook;
  rng: Rng;
  text: string;
  painted?: RgbaImage | null;
}): Promise<FramedProduct> {
  const { product, width: w, height: h, look } = req;
  const zone = productZone(w, h);
  const dark = toOklch(look.palette[0] ?? '#222222').l < 0.45;
  // The hero and the staged shot zoom in: what the end of the zoom shows is where the product fits.
  const keep = motionSafe(zone, 'zoom-in');
  if (req.framing === 'staged' && product.cutOut && !req.painted) {
    const staged = await stageProduct({
      product: product.image,
      width: w,
      height: h,
      seed: Math.floor(req.rng.next() * 2 ** 31),
      scene: dark ? 'reflection-floor' : 'marble-surface',
    });
    const p = staged.product;
    const box = fitInto(p.box, keep, w, h);
    const back: RgbaImage = { width: w, height: h, data: new Uint8Array(staged.background.data) };
    const moved = box.width !== p.box.width || box.x !== p.box.x || box.y !== p.box.y;
    // Its own shadow where it stands as staged; moved into the zone, a contact shadow under its new foot.
    if (staged.shadow && !moved) drawOver(back, staged.shadow, 0, 0);
    const image = await look.look(moved ? withContactShadow(back, box) : back, req.rng.fork('look'));
    drawOver(image, moved ? await resizeImage(p.image, box.width, box.height) : p.image, box.x, box.y);
    return { image, product: box, motion: 'zoom-in', kind: 'staged' };
  }
  if (req.framing === 'detail') return detailShot(product, w, h, zone, look, dark, req.rng, req.painted ?? null, req.text);
  if (!req.painted && product.photo && product.box) {
    const plan = planShot(product.photo, product.box, { width: w, height: h }, keep, 'fill');
    if (plan.kind === 'crop') {
      const back = await resizeImage(cropImage(product.photo, plan.window), w, h);
      const image = await look.look(back, req.rng.fork('look'));
      // The product over the styled photo in its own colours, exactly where it was.
      const box = roundBox(plan.product);
      drawOver(image, await resizeImage(product.image, box.width, box.height), box.x, box.y);
      return { image, product: box, motion: 'zoom-in', kind: 'photo' };
    }
  }
  const designed = await designedShot(product, w, h, keep, look, dark, req.rng, req.painted ?? null);
  return { ...designed, motion: 'zoom-in' };
}

/**
 * A push-in on the product's detail (the part the sentence names, else its most textured part):
 * the product starts whole and large (as wide as the zone, at most 1/zoom of its height), and the
 * push ends closer on the detail, held clear of the letterbox and the captions above and below
 * (the aim moves towards the middle when the detail is near the top or the foot). A wide product
 * may leave the frame's sides at the end: that is the close-up.
 */
async function detailShot(
  product: ShortProductPicture,
  w: number,
  h: number,
  zone: Rect,
  look: ShortLook,
  dark: boolean,
  rng: Rng,
  painted: RgbaImage | null,
  text: string,
): Promise<FramedProduct> {
  const cy = (zone.y0 + zone.y1) / 2;
  const inner = { x0: zone.x0, y0: cy + (zone.y0 - cy) / DETAIL_PUSH_ZOOM, x1: zone.x1, y1: cy + (zone.y1 - cy) / DETAIL_PUSH_ZOOM };
  const designed = await designedShot(product, w, h, inner, look, dark, rng, painted);
  const sprite = product.image;
  const d = detailBox(sprite, product.cutOut ? sprite : null, { x: 0, y: 0, width: sprite.width, height: sprite.height }, detailTopicOf(text.split(/\s+/)));
  const k = designed.product.width / sprite.width;
  const aim = { x: (designed.product.x + (d.x + d.width / 2) * k) / w, y: (designed.product.y + (d.y + d.height / 2) * k) / h };
  const b = designed.product;
  // Only the height is held: the box as a vertical line through the aim.
  const box = { x0: aim.x, y0: b.y / h, x1: aim.x, y1: (b.y + b.height) / h };
  const room = { x0: 0, y0: zone.y0, x1: 1, y1: zone.y1 };
  let best = { zoom: 1, y: cy };
  for (const t of [0, 0.35, 0.7, 1]) {
    const y = aim.y + (cy - aim.y) * t;
    const zoom = Math.min(DETAIL_PUSH_ZOOM, roomToGrow(box, room, { x: aim.x, y }));
    if (zoom > best.zoom + 0.04) best = { zoom, y };
    if (zoom >= DETAIL_PUSH_ZOOM - 1e-6) break;
  }
  return { ...designed, motion: 'push-in', push: { zoom: round(best.zoom), x: round(Math.min(0.8, Math.max(0.2, aim.x))), y: round(best.y) } };
}

/** The largest zoom about f (a point held still) that keeps `box` inside `keep`. */
function roomToGrow(box: Rect, keep: Rect, f: { x: number; y: number }): number {
  const limits = [
    box.x0 < f.x ? (f.x - keep.x0) / (f.x - box.x0) : Number.POSITIVE_INFINITY,
    box.x1 > f.x ? (keep.x1 - f.x) / (box.x1 - f.x) : Number.POSITIVE_INFINITY,
    box.y0 < f.y ? (f.y - keep.y0) / (f.y - box.y0) : Number.POSITIVE_INFINITY,
    box.y1 > f.y ? (keep.y1 - f.y) / (box.y1 - f.y) : Number.POSITIVE_INFINITY,
  ];
  return Math.max(1, Math.min(...limits));
}

/**
 * `box` (pixels) as large as `keep` (fractions) holds it, scaled about its foot (the staging sizes
 * a product for a still; a short's product fills its zone), moved in if it strays.
 */
function fitInto(box: PixelBox, keep: Rect, w: number, h: number): PixelBox {
  const K = { x0: keep.x0 * w, y0: keep.y0 * h, x1: keep.x1 * w, y1: keep.y1 * h };
  const s = Math.min((K.x1 - K.x0) / box.width, (K.y1 - K.y0) / box.height);
  const width = box.width * s;
  const height = box.height * s;
  const x = Math.min(Math.max(box.x + (box.width - width) / 2, K.x0), K.x1 - width);
  const y = Math.min(Math.max(box.y + box.height - height, K.y0), K.y1 - height);
  return roundBox({ x, y, width, height });
}

/** A soft contact shadow under a box's foot, on a copy of `img`. */
function withContactShadow(img: RgbaImage, box: PixelBox): RgbaImage {
  const canvas = canvasOf(img);
  softEllipse(canvas.getContext('2d'), box.x + box.width / 2, box.y + box.height, box.width * 0.5, Math.max(3, box.height * 0.045), [
    [0, 'rgba(0,0,0,0.42)'],
    [1, 'rgba(0,0,0,0)'],
  ]);
  return canvasToRgba(canvas);
}

/**
 * The product as large as `keep` allows (whole), its foot a little low in it, on a backdrop of a
 * soft light in the product's own hue (product-shot.ts's colours: dark for dark styles) with a
 * floor and a contact shadow — or on `painted`. A photo that could not be cut out stands as a card.
 */
async function designedShot(
  product: ShortProductPicture,
  w: number,
  h: number,
  keep: Rect,
  look: ShortLook,
  dark: boolean,
  rng: Rng,
  painted: RgbaImage | null,
): Promise<Omit<FramedProduct, 'motion'>> {
  const sprite = product.image;
  const kw = (keep.x1 - keep.x0) * w;
  const kh = (keep.y1 - keep.y0) * h;
  const scale = Math.min(kw / sprite.width, kh / sprite.height);
  const box = roundBox({
    width: sprite.width * scale,
    height: sprite.height * scale,
    x: keep.x0 * w + (kw - sprite.width * scale) / 2,
    y: keep.y0 * h + (kh - sprite.height * scale) * 0.7,
  });
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (painted) ctx.drawImage(canvasOf(painted.width === w && painted.height === h ? painted : await resizeImage(painted, w, h, 'cover')), 0, 0);
  else {
    // A photo that could not be cut out gives its own colours too (a card on the style's colours looks pasted on).
    const analysed = { photo: sprite, cutout: sprite, box: null };
    const colours = backdropColours(analysed, { primary: look.palette[0] ?? '#444444', accent: look.palette[2] ?? '#888888' }, dark ? 'dark' : 'light');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height * 0.45;
    ctx.fillStyle = withStops(ctx.createRadialGradient(cx, cy, 0, cx, cy, Math.max(w, h) * 0.8), [
      [0, colours.light],
      [0.55, colours.mid],
      [1, colours.dark],
    ]);
    ctx.fillRect(0, 0, w, h);
    const foot = box.y + box.height;
    ctx.fillStyle = withStops(ctx.createLinearGradient(0, foot - box.height * 0.02, 0, h), [
      [0, 'rgba(0,0,0,0)'],
      [0.1, 'rgba(0,0,0,0.12)'],
      [1, 'rgba(0,0,0,0.28)'],
    ]);
    ctx.fillRect(0, foot - box.height * 0.02, w, h);
  }
  softEllipse(ctx, box.x + box.width / 2, box.y + box.height, box.width * 0.5, Math.max(3, box.height * 0.045), [
    [0, 'rgba(0,0,0,0.42)'],
    [1, 'rgba(0,0,0,0)'],
  ]);
  const styled = painted ? canvasToRgba(canvas) : await look.look(canvasToRgba(canvas), rng.fork('look'));
  const over = createCanvas(w, h);
  const octx = over.getContext('2d');
  octx.drawImage(canvasOf(styled), 0, 0);
  const img = canvasOf(await resizeImage(sprite, box.width, box.height));
  if (!product.cutOut) {
    // A photo that could not be cut out: a card with rounded corners and a drop shadow.
    octx.save();
    octx.shadowColor = 'rgba(0,0,0,0.4)';
    octx.shadowBlur = Math.min(w, h) / 30;
    octx.shadowOffsetY = Math.min(w, h) / 90;
    octx.beginPath();
    octx.roundRect(box.x, box.y, box.width, box.height, Math.min(box.width, box.height) * 0.04);
    octx.fillStyle = '#ffffff';
    octx.fill();
    octx.restore();
    octx.save();
    octx.beginPath();
    octx.roundRect(box.x, box.y, box.width, box.height, Math.min(box.width, box.height) * 0.04);
    octx.clip();
    octx.drawImage(img, box.x, box.y);
    octx.restore();
  } else octx.drawImage(img, box.x, box.y);
  return { image: canvasToRgba(over), product: box, kind: 'designed' };
}

function roundBox(b: PixelBox): PixelBox {
  const x = Math.round(b.x);
  const y = Math.round(b.y);
  return { x, y, width: Math.max(1, Math.round(b.x + b.width) - x), height: Math.max(1, Math.round(b.y + b.height) - y) };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
