import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PixelBox, RgbaImage } from '../../core/raster.js';
import { mixHex, rgba } from '../images/backgrounds/colour.js';
import { canvasOf, softEllipse, withStops } from '../images/canvas-paint.js';
import { cropImage, resizeImage } from '../images/raster-io.js';
import type { Size } from './banner-layout.js';
import { contrast, type BannerColours } from './banner-colours.js';
import { planSlots, type BannerSlots, type BannerWords, type PlacedText } from './banner-slots.js';
import { bannerFont } from './banner-text.js';

export interface DesignedBannerRequest {
  banner: Size;
  /** What stands on the stage: the cut-out product (transparent around it), or the whole photo when nothing could be cut out. */
  subject: RgbaImage | null;
  /** Whether `subject` is a cut-out (gets a floor shadow) or a photo (gets rounded corners). */
  subjectIsCutout: boolean;
  logo: RgbaImage | null;
  words: BannerWords;
  colours: BannerColours;
}

/**
 * A designed banner: every pixel is the panel, the stage, the product, the logo, the words or the
 * button (`banner-slots.ts` places them). No part is a blurred copy of the photo. PNG bytes of
 * exactly the banner's size, and the slots (for the records and the tests).
 */
export async function drawDesignedBanner(req: DesignedBannerRequest): Promise<{ png: Buffer; slots: BannerSlots }> {
  const { width: W, height: H } = req.banner;
  const slots = planSlots({
    banner: req.banner,
    product: req.subject ? { width: req.subject.width, height: req.subject.height } : null,
    logo: req.logo ? { width: req.logo.width, height: req.logo.height } : null,
    words: req.words,
  });
  const c = req.colours;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = c.panel;
  ctx.fillRect(0, 0, W, H);
  drawStage(ctx, slots, c, W, H);
  if (slots.product && req.subject) {
    if (req.subjectIsCutout) {
      const p = slots.product;
      softEllipse(ctx, p.x + p.width / 2, p.y + p.height - p.height * 0.01, p.width * 0.42, Math.max(2, p.height * 0.035), [
        [0, 'rgba(0,0,0,0.32)'],
        [1, 'rgba(0,0,0,0)'],
      ]);
    }
    await drawPicture(ctx, req.subject, slots.product, req.subjectIsCutout ? 0 : Math.min(slots.product.width, slots.product.height) * 0.06);
  }
  if (slots.logo && req.logo) {
    const plate = logoPlate(req.logo, c.panel);
    if (plate) {
      const pad = Math.max(2, Math.round(Math.min(slots.logo.width, slots.logo.height) * 0.12));
      ctx.fillStyle = plate;
      ctx.beginPath();
      ctx.roundRect(slots.logo.x - pad, slots.logo.y - pad, slots.logo.width + 2 * pad, slots.logo.height + 2 * pad, pad);
      ctx.fill();
    }
    await drawPicture(ctx, req.logo, slots.logo, 0);
  }
  if (slots.headline) drawText(ctx, slots.headline, c.text);
  if (slots.price) drawText(ctx, slots.price, c.price);
  if (slots.cta) {
    const b = slots.cta.box;
    ctx.fillStyle = c.ctaFill;
    ctx.beginPath();
    ctx.roundRect(b.x, b.y, b.width, b.height, Math.min(b.height / 2, Math.max(3, b.height * 0.3)));
    ctx.fill();
    drawText(ctx, slots.cta.label, c.ctaText);
  }
  return { png: await canvas.encode('png'), slots };
}

/**
 * The stage: a panel in the product's hue, lit behind the product and darker toward its edges. With
 * no words (the product alone), it fills the banner, with a disc and a band in the brand's tints
 * across the free side, so the width is designed rather than empty.
 */
function drawStage(ctx: SKRSContext2D, slots: BannerSlots, c: BannerColours, W: number, H: number): void {
  const s = slots.stage;
  const p = slots.product ?? s;
  const cx = p.x + p.width / 2,
    cy = p.y + p.height * 0.45;
  const reach = Math.max(s.width, s.height) * 0.75;
  ctx.save();
  ctx.beginPath();
  ctx.rect(s.x, s.y, s.width, s.height);
  ctx.clip();
  ctx.fillStyle = withStops(ctx.createRadialGradient(cx, cy, 0, cx, cy, reach), [
    [0, c.stageLight],
    [1, c.stageEdge],
  ]);
  ctx.fillRect(s.x, s.y, s.width, s.height);
  if (slots.arrangement === 'product') {
    // A disc in a deeper tint framing the product, and a thin ring offset from it: the
    // palette backdrop's device, so the free width reads as a layout rather than a gap.
    const r = Math.max(p.width, p.height) * 0.62;
    ctx.fillStyle = rgba(mixHex(c.stageEdge, c.brand, 0.25), 0.5);
    ctx.beginPath();
    ctx.arc(cx, p.y + p.height * 0.55, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = rgba(mixHex(c.stageEdge, c.brand, 0.5), 0.6);
    ctx.lineWidth = Math.max(1.5, r * 0.03);
    ctx.beginPath();
    ctx.arc(cx + r * (W >= H ? 0.7 : 0.25), p.y + p.height * 0.55 - r * (W >= H ? 0.15 : 0.6), r * 0.8, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

async function drawPicture(ctx: SKRSContext2D, img: RgbaImage, at: PixelBox, cornerRadius: number): Promise<void> {
  const scaled = await resizeImage(img, at.width, at.height);
  const sprite = canvasOf(scaled);
  ctx.save();
  if (cornerRadius > 0) {
    ctx.beginPath();
    ctx.roundRect(at.x, at.y, at.width, at.height, cornerRadius);
    ctx.clip();
  }
  ctx.drawImage(sprite, at.x, at.y);
  ctx.restore();
}

function drawText(ctx: SKRSContext2D, t: PlacedText, colour: string): void {
  ctx.fillStyle = colour;
  ctx.font = bannerFont(t.text.fontPx);
  ctx.textBaseline = 'middle';
  ctx.textAlign = t.align === 'center' ? 'center' : 'left';
  const x = t.align === 'center' ? t.box.x + t.box.width / 2 : t.box.x;
  // Each line centred in its pitch: the text's box is lines × pitch (the fitter's height).
  t.text.lines.forEach((line, i) => {
    ctx.fillText(line, x, t.box.y + (i + 0.5) * t.text.lineHeightPx);
  });
}

/**
 * A plate behind a logo that would not read on the panel: a transparent logo whose visible colour
 * is too close to the panel's (a white logo on a pale panel) gets a plate of the contrasting tone.
 */
function logoPlate(logo: RgbaImage, panel: string): string | null {
  let r = 0,
    g = 0,
    b = 0,
    n = 0,
    transparent = 0;
  for (let i = 0; i < logo.data.length; i += 4) {
    const a = logo.data[i + 3]!;
    if (a < 128) {
      transparent++;
      continue;
    }
    r += logo.data[i]!;
    g += logo.data[i + 1]!;
    b += logo.data[i + 2]!;
    n++;
  }
  if (!n || transparent < logo.width * logo.height * 0.05) return null;
  const hex = `#${[r, g, b]
    .map((v) =>
      Math.round(v / n)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
  if (contrast(hex, panel) >= 2) return null;
  return contrast(hex, '#ffffff') > contrast(hex, '#1a1a1a') ? '#ffffff' : '#1a1a1a';
}

/** The subject's box of a cut-out, as its own picture (what the stage shows). */
export function subjectOf(cutout: RgbaImage, box: PixelBox): RgbaImage {
  return cropImage(cutout, box);
}
