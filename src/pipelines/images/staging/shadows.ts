import { createCanvas } from '@napi-rs/canvas';
import type { PixelBox, RgbaImage } from '../../../core/raster.js';
import { canvasToRgba } from '../raster-io.js';
import { canvasOf, softEllipse } from '../canvas-paint.js';

/** One thing standing on the floor: its scaled cut-out and where it stands. */
export interface Grounded {
  image: RgbaImage;
  box: PixelBox;
  /** How strongly it is mirrored in the floor (0 = not at all). */
  reflection: number;
  /** How far its cast shadow reaches, as a share of its height (short on a podium top). */
  castLength: number;
}

/**
 * The shadow layer: for each grounded thing a contact shadow (dark and tight right under its base),
 * a soft cast shadow of its own silhouette falling away from the light, and on glossy floors its
 * faded mirror image. Transparent elsewhere, so the motion renderers can move it with the product.
 */
export function shadowLayer(width: number, height: number, items: Grounded[], lightX: number): RgbaImage {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  for (const item of items) {
    const { box } = item;
    const sprite = canvasOf(item.image);
    const base = box.y + box.height;
    if (item.reflection > 0) {
      // Mirror: flipped under the base, fading out over half its height.
      const m = createCanvas(box.width, box.height);
      const mctx = m.getContext('2d');
      mctx.translate(0, box.height);
      mctx.scale(1, -1);
      mctx.drawImage(sprite, 0, 0);
      mctx.setTransform(1, 0, 0, 1, 0, 0);
      const fade = mctx.createLinearGradient(0, 0, 0, box.height * 0.55);
      fade.addColorStop(0, `rgba(0,0,0,${item.reflection})`);
      fade.addColorStop(1, 'rgba(0,0,0,0)');
      mctx.globalCompositeOperation = 'destination-in';
      mctx.fillStyle = fade;
      mctx.fillRect(0, 0, box.width, box.height);
      ctx.filter = `blur(${Math.max(0.5, box.height * 0.004)}px)`;
      ctx.drawImage(m, box.x, base - 1);
      ctx.filter = 'none';
    }
    const silhouette = createCanvas(box.width, box.height);
    const sctx = silhouette.getContext('2d');
    sctx.drawImage(sprite, 0, 0);
    sctx.globalCompositeOperation = 'source-in';
    sctx.fillStyle = '#000';
    sctx.fillRect(0, 0, box.width, box.height);

    // Cast shadow: the silhouette laid on the floor behind, sheared away from the light.
    const lean = (0.5 - lightX) * 1.4;
    const squash = 0.16 * item.castLength;
    const h = box.height;
    ctx.save();
    ctx.filter = `blur(${Math.max(1, h * 0.025)}px)`;
    ctx.globalAlpha = 0.28;
    ctx.setTransform(1, 0, -lean * item.castLength, squash, box.x + lean * item.castLength * h, base - squash * h);
    ctx.drawImage(silhouette, 0, 0);
    ctx.restore();

    // Contact shadow: an ellipse as wide as the base, darkest in the middle.
    const foot = baseSpan(item.image);
    const cx = box.x + foot.centre,
      rx = Math.max(2, foot.width * 0.62),
      ry = Math.max(1.5, rx * 0.16);
    softEllipse(ctx, cx, base, rx, ry, [
      [0, 'rgba(0,0,0,0.6)'],
      [0.45, 'rgba(0,0,0,0.32)'],
      [1, 'rgba(0,0,0,0)'],
    ]);
  }
  return canvasToRgba(canvas);
}

/** Where the cut-out touches the ground: the opaque span of its lowest rows. */
function baseSpan(img: RgbaImage): { centre: number; width: number } {
  const rows = Math.max(1, Math.round(img.height * 0.04));
  let x0 = img.width,
    x1 = -1;
  for (let y = img.height - rows; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4 + 3]! < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
    }
  }
  return x1 < 0 ? { centre: img.width / 2, width: img.width } : { centre: (x0 + x1 + 1) / 2, width: x1 - x0 + 1 };
}
