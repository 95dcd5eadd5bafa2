import type { PixelBox } from '../../core/raster.js';
import type { Size } from './banner-layout.js';
import { subjectPlacement } from './compose-banner.js';
import { type FittedText, fitWhole } from './banner-text.js';

/**
 * Where each part of a designed banner goes: the product on its stage, the logo, the product's
 * name, the price and the call-to-action button. The arrangement follows the banner's shape:
 *
 * - `row` (wide: 728×90, 970×90, 468×60, 320×50, 320×100, 970×250): logo, product, name over price,
 *   button, left to right across the whole width (on a billboard the logo heads the text column);
 * - `column` (tall: 160×600, 300×600): logo on top, the product, the name, the price, the button;
 * - `split` or `stack` (squarish: 300×250, 250×250): the product beside the text column, or above a
 *   band of text, whichever shows the product larger;
 * - `product` (no words to show): the product alone on its stage, on the banner's first third.
 *
 * Text is fitted (`banner-text.ts`, on the shared fitter): the name wraps, then shrinks; if it still cannot fit at the
 * smallest readable size it is left out, never cut. Price and button are fitted the same way.
 */

export interface BannerWords {
  headline: string | null;
  price: string | null;
  cta: string | null;
}

export interface PlacedText {
  box: PixelBox;
  text: FittedText;
  align: 'left' | 'center';
}

export interface BannerSlots {
  arrangement: 'row' | 'column' | 'split' | 'stack' | 'product';
  /** The panel the product stands on (drawn in the product's colours), and the product's exact box inside it. */
  stage: PixelBox;
  product: PixelBox | null;
  logo: PixelBox | null;
  headline: PlacedText | null;
  price: PlacedText | null;
  cta: { box: PixelBox; label: PlacedText } | null;
}

export interface SlotRequest {
  banner: Size;
  /** The product's own shape (its cut-out box); null when there is no product to place. */
  product: Size | null;
  logo: Size | null;
  words: BannerWords;
}

/** Smallest text on a banner: IAB sizes are read at arm's length; 9 px is the floor on the 50-px strips. */
export const MIN_TEXT_PX = 9;

const box = (x: number, y: number, width: number, height: number): PixelBox => ({
  x: Math.round(x),
  y: Math.round(y),
  width: Math.max(1, Math.round(width)),
  height: Math.max(1, Math.round(height)),
});

export function planSlots(req: SlotRequest): BannerSlots {
  const { width: W, height: H } = req.banner;
  const hasWords = !!(req.words.headline || req.words.price || req.words.cta || req.logo);
  if (!hasWords) {
    const product = req.product ? subjectPlacement(req.banner, req.product) : null;
    return { arrangement: 'product', stage: box(0, 0, W, H), product, logo: null, headline: null, price: null, cta: null };
  }
  const aspect = W / H;
  if (aspect >= 2) return rowSlots(req);
  if (aspect <= 0.7) return columnSlots(req);
  const split = splitSlots(req),
    stack = stackSlots(req);
  const area = (s: BannerSlots) => (s.product ? s.product.width * s.product.height : 0);
  return area(stack) > area(split) * 1.08 ? stack : split;
}

/** The product fitted (never stretched) into `room`, centred, bottom-aligned a little above the floor. */
function fitProduct(product: Size | null, room: PixelBox): PixelBox | null {
  if (!product || room.width < 4 || room.height < 4) return null;
  const scale = Math.min(room.width / product.width, room.height / product.height);
  const w = product.width * scale,
    h = product.height * scale;
  return box(room.x + (room.width - w) / 2, room.y + (room.height - h) / 2, w, h);
}

function fitLogo(logo: Size | null, room: PixelBox, align: 'left' | 'center'): PixelBox | null {
  if (!logo || room.width < 4 || room.height < 4) return null;
  const scale = Math.min(room.width / logo.width, room.height / logo.height);
  const w = logo.width * scale,
    h = logo.height * scale;
  return box(align === 'left' ? room.x : room.x + (room.width - w) / 2, room.y + (room.height - h) / 2, w, h);
}

/** A call-to-action button: its label fitted on one line, padding around it. */
function button(label: string | null, maxWidth: number, maxHeight: number, maxPx: number): { width: number; height: number; text: FittedText } | null {
  if (!label) return null;
  for (let px = Math.floor(maxPx); px >= MIN_TEXT_PX; px--) {
    const padX = Math.max(6, px * 0.9),
      padY = Math.max(3, px * 0.45);
    const text = fitWhole(label, { width: maxWidth - 2 * padX, height: maxHeight - 2 * padY }, { maxLines: 1, maxPx: px, minPx: px });
    if (text) return { width: text.width + 2 * padX, height: Math.min(maxHeight, text.height + 2 * padY), text };
  }
  return null;
}

/**
 * Name over price in `room`: the price on one line (it matters most), the name in what is left on
 * up to `nameLines` lines; a name that cannot fit is left out and the price takes the room.
 */
function textBlock(
  words: BannerWords,
  room: PixelBox,
  o: { nameLines: number; pricePx: number; namePx: number; align: 'left' | 'center'; valign: 'center' | 'top' | 'bottom' },
) {
  const gap = Math.max(2, Math.round(room.height * 0.04));
  const priceFit = (maxHeight: number) =>
    words.price ? fitWhole(words.price, { width: room.width, height: maxHeight }, { maxLines: 1, maxPx: o.pricePx, minPx: MIN_TEXT_PX + 1 }) : null;
  let price = priceFit(words.headline ? room.height * 0.5 : room.height);
  const nameRoom = room.height - (price ? price.height + gap : 0);
  const headline = words.headline
    ? fitWhole(
        words.headline,
        { width: room.width, height: nameRoom },
        { maxLines: o.nameLines, maxPx: Math.min(o.namePx, price ? price.fontPx * 0.85 : o.namePx), minPx: MIN_TEXT_PX },
      )
    : null;
  if (!headline && words.headline) price = priceFit(room.height);
  if (!headline && !price) return { headline: null, price: null };
  const total = (headline?.height ?? 0) + (price?.height ?? 0) + (headline && price ? gap : 0);
  let y = o.valign === 'top' ? room.y : o.valign === 'bottom' ? room.y + room.height - total : room.y + (room.height - total) / 2;
  const place = (t: FittedText | null): PlacedText | null => {
    if (!t) return null;
    const x = o.align === 'left' ? room.x : room.x + (room.width - t.width) / 2;
    const placed = { box: box(x, y, t.width, t.height), text: t, align: o.align };
    y += t.height + gap;
    return placed;
  };
  const placedHeadline = place(headline);
  return { headline: placedHeadline, price: place(price) };
}

function rowSlots(req: SlotRequest): BannerSlots {
  const { width: W, height: H } = req.banner;
  const m = Math.max(4, Math.round(H * 0.1));
  const gap = Math.max(6, Math.round(Math.min(H * 0.2, W * 0.025)));
  const billboard = H >= 150;
  let x = m;
  // The logo leads the row on a strip; on a billboard it heads the text column instead.
  let logo: PixelBox | null = null;
  if (req.logo && !billboard) {
    logo = fitLogo(req.logo, box(x, m, Math.min(W * (W < 400 ? 0.17 : 0.14), H * 2.4), H - 2 * m), 'left');
    if (logo) x = logo.x + logo.width + gap;
  }
  // The product's stage runs the banner's full height; the product fills it less a small margin.
  const pm = Math.max(2, Math.round(H * 0.06));
  const productRoom = req.product ? Math.min(W * 0.3, ((H - 2 * pm) * req.product.width) / req.product.height) : 0;
  const stage = box(x - gap / 2, 0, productRoom + 2 * pm + gap, H);
  const product = fitProduct(req.product, box(x + pm, pm, productRoom, H - 2 * pm));
  x = stage.x + stage.width + gap / 2;
  const cta = button(req.words.cta, W * 0.24, Math.min(H - 2 * m, Math.max(H * 0.5, 24)), Math.max(MIN_TEXT_PX, Math.min(24, H * 0.24)));
  const ctaBox = cta ? box(W - m - cta.width, (H - cta.height) / 2, cta.width, cta.height) : null;
  const textRight = (ctaBox ? ctaBox.x : W - m) - gap;
  let textTop = m;
  if (req.logo && billboard) {
    logo = fitLogo(req.logo, box(x, m, Math.min(textRight - x, W * 0.2), H * 0.22), 'left');
    if (logo) textTop = logo.y + logo.height + gap;
  }
  const block = textBlock(req.words, box(x, textTop, textRight - x, H - m - textTop), {
    nameLines: H >= 90 && !billboard ? 3 : H >= 55 ? 2 : 1,
    pricePx: H * (billboard ? 0.22 : 0.42),
    namePx: H * (billboard ? 0.14 : 0.3),
    align: 'left',
    valign: billboard ? 'top' : 'center',
  });
  if (billboard) {
    // Logo, name and price as one group, centred in the height (the block was set from the top).
    const parts = [logo, block.headline?.box, block.price?.box].filter((b): b is PixelBox => !!b);
    if (parts.length) {
      const top = Math.min(...parts.map((b) => b.y)),
        bottom = Math.max(...parts.map((b) => b.y + b.height));
      const dy = Math.round((H - (bottom - top)) / 2 - top);
      for (const b of parts) b.y += dy;
    }
  }
  return {
    arrangement: 'row',
    stage,
    product,
    logo,
    ...block,
    cta: cta && ctaBox ? { box: ctaBox, label: centred(cta.text, ctaBox) } : null,
  };
}

function columnSlots(req: SlotRequest): BannerSlots {
  const { width: W, height: H } = req.banner;
  const m = Math.max(6, Math.round(W * 0.08));
  const gap = Math.max(6, Math.round(H * 0.02));
  const inner = W - 2 * m;
  const logo = fitLogo(req.logo, box(m, m, inner, H * 0.09), 'center');
  const top = logo ? logo.y + logo.height + gap : m;
  const cta = button(req.words.cta, inner, H * 0.1, Math.min(22, W * 0.11));
  const ctaBox = cta ? box((W - cta.width) / 2, H - m - cta.height, cta.width, cta.height) : null;
  const bottom = (ctaBox ? ctaBox.y : H - m) - gap;
  // The words take what they need (at most a third of the height), the product the rest.
  const block = textBlock(req.words, box(m, bottom - H * 0.3, inner, H * 0.3), {
    nameLines: 3,
    pricePx: W * 0.17,
    namePx: W * 0.11,
    align: 'center',
    valign: 'bottom',
  });
  const textTop = Math.min(block.headline?.box.y ?? bottom, block.price?.box.y ?? bottom);
  const stage = box(0, top - gap / 2, W, textTop - top);
  const product = fitProduct(req.product, box(m, top + gap / 2, inner, textTop - top - gap * 1.5));
  return { arrangement: 'column', stage, product, logo, ...block, cta: cta && ctaBox ? { box: ctaBox, label: centred(cta.text, ctaBox) } : null };
}

function splitSlots(req: SlotRequest): BannerSlots {
  const { width: W, height: H } = req.banner;
  const m = Math.max(6, Math.round(Math.min(W, H) * 0.06));
  const gap = Math.max(6, Math.round(W * 0.03));
  const stageW = W * 0.46;
  const stage = box(0, 0, stageW, H);
  const product = fitProduct(req.product, box(m, m, stageW - 2 * m, H - 2 * m));
  const x = stageW + gap,
    colW = W - m - x;
  const logo = fitLogo(req.logo, box(x, m, colW, H * 0.16), 'left');
  const top = logo ? logo.y + logo.height + gap : m;
  const cta = button(req.words.cta, colW, H * 0.17, Math.min(18, H * 0.075));
  const ctaBox = cta ? box(x, H - m - cta.height, cta.width, cta.height) : null;
  const bottom = (ctaBox ? ctaBox.y : H - m) - gap;
  const block = textBlock(req.words, box(x, top, colW, bottom - top), { nameLines: 4, pricePx: H * 0.13, namePx: H * 0.085, align: 'left', valign: 'center' });
  return { arrangement: 'split', stage, product, logo, ...block, cta: cta && ctaBox ? { box: ctaBox, label: centred(cta.text, ctaBox) } : null };
}

function stackSlots(req: SlotRequest): BannerSlots {
  const { width: W, height: H } = req.banner;
  const m = Math.max(6, Math.round(Math.min(W, H) * 0.06));
  const gap = Math.max(5, Math.round(H * 0.03));
  const bandH = H * 0.36;
  const stage = box(0, 0, W, H - bandH);
  const logo = fitLogo(req.logo, box(m, m, W * 0.3, H * 0.12), 'left');
  // The product stands right of the logo's column, so the logo never sits on it.
  const px0 = logo ? logo.x + logo.width + gap : m;
  const product = fitProduct(req.product, box(px0, m, W - m - px0 - (logo ? logo.width + gap - m : 0), H - bandH - 2 * m));
  const cta = button(req.words.cta, W * 0.42, bandH * 0.5, Math.min(18, H * 0.075));
  const ctaBox = cta ? box(W - m - cta.width, H - bandH / 2 - cta.height / 2, cta.width, cta.height) : null;
  const textRight = (ctaBox ? ctaBox.x : W - m) - gap;
  const block = textBlock(req.words, box(m, H - bandH + gap, textRight - m, bandH - 2 * gap), {
    nameLines: 2,
    pricePx: bandH * 0.36,
    namePx: bandH * 0.22,
    align: 'left',
    valign: 'center',
  });
  return { arrangement: 'stack', stage, product, logo, ...block, cta: cta && ctaBox ? { box: ctaBox, label: centred(cta.text, ctaBox) } : null };
}

function centred(text: FittedText, inside: PixelBox): PlacedText {
  return { box: box(inside.x + (inside.width - text.width) / 2, inside.y + (inside.height - text.height) / 2, text.width, text.height), text, align: 'center' };
}
