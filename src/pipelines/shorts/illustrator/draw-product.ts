import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import { canvasToRgba, encodePng } from '../../images/raster-io.js';
import type { MainSpot } from './compose-scene.js';

/** The product's top stays this share of the height below the frame's top. */
const TOP_MARGIN = 0.17;

/** The product as a short shows it: a cut-out (transparent around the product) or a whole photo. */
export interface ShortProductPicture {
  image: RgbaImage;
  cutOut: boolean;
  /** The whole photo the cut-out was taken from, and the product's box in it (a scene may crop the photo around it). */
  photo?: RgbaImage;
  box?: PixelBox;
}

/**
 * The product drawn over a finished scene (after the style's look, so the product keeps its own
 * colours: a pixel-art or line-art short still shows the real bottle), large in the upper middle
 * where the main picture stands (the captions sit low), whole — scaled to fit, never cropped.
 * A cut-out stands on a soft contact shadow; a photo that could not be cut out is a card with a
 * white border and a drop shadow.
 */
export async function drawProductOver(scene: RgbaImage, product: ShortProductPicture, main: MainSpot): Promise<RgbaImage> {
  const { width: w, height: h } = scene;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(await encodePng(scene)), 0, 0, w, h);
  const portrait = h > w;
  // The box the product fits in: most of the width, about half the height in portrait.
  const boxW = w * (portrait ? 0.8 : 0.62);
  const boxH = h * (portrait ? 0.5 : 0.56);
  const scale = Math.min(boxW / product.image.width, boxH / product.image.height);
  const pw = product.image.width * scale,
    ph = product.image.height * scale;
  const cx = w / 2,
    // Below TOP_MARGIN: clear of the cinematic style's letterbox bars (an eighth of the height).
    cy = Math.min(Math.max(main.y, ph / 2 + h * TOP_MARGIN), h * (portrait ? 0.42 : 0.47));
  const img = await loadImage(await encodePng(product.image));
  const short = Math.min(w, h);
  ctx.save();
  if (product.cutOut) {
    // A contact shadow under its foot, then the product.
    const foot = cy + ph / 2;
    const g = ctx.createRadialGradient(cx, foot, 0, cx, foot, pw * 0.55);
    g.addColorStop(0, 'rgba(0,0,0,0.35)');
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.save();
    ctx.translate(cx, foot);
    ctx.scale(1, 0.16);
    ctx.translate(-cx, -foot);
    ctx.fillRect(cx - pw, foot - pw, pw * 2, pw * 2);
    ctx.restore();
    ctx.shadowColor = 'rgba(0,0,0,0.25)';
    ctx.shadowBlur = short / 40;
    ctx.shadowOffsetY = short / 120;
    ctx.drawImage(img, cx - pw / 2, cy - ph / 2, pw, ph);
  } else {
    const border = Math.max(3, Math.round(short * 0.018));
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = short / 30;
    ctx.shadowOffsetY = short / 90;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(cx - pw / 2 - border, cy - ph / 2 - border, pw + border * 2, ph + border * 2, border * 1.5);
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.drawImage(img, cx - pw / 2, cy - ph / 2, pw, ph);
  }
  ctx.restore();
  return canvasToRgba(canvas);
}
