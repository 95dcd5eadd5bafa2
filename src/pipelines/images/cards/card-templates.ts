import type { RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import { rgbToHex } from '../backgrounds/colour.js';
import { PROCEDURAL_BACKGROUNDS, renderBackground } from '../backgrounds/procedural.js';
import { hexToRgb, hslToRgb, rgbaOf, rgbToHsl, sharpOf } from '../pixel-ops.js';
import { alphaBox, cropImage } from '../raster-io.js';
import { registerFace, type TextFont } from '../text/canvas-fonts.js';
import { fitText, type FittedText } from '../text/fit-text.js';
import { cardFonts } from './card-fonts.js';
import { dataUrlOf, el, renderCard, type CardNode } from './render-card.js';

/**
 * Text cards laid out with satori and rendered by resvg: real type from the installed fonts, every
 * text fitted by fit-text.ts in the very font files satori draws (wrapped, shrunk to a minimum,
 * never cut) and handed to satori as finished lines. No neural generator; variations change
 * backgrounds and accents.
 */

export interface CardSize {
  width: number;
  height: number;
}

/** A font size that lets `text` fill about `fill` of the box (in lines of ~0.55 em wide letters). */
export function fittedFontSize(text: string, box: CardSize, fill = 0.55, max = 0.16): number {
  const area = box.width * box.height * fill;
  const perChar = area / Math.max(4, text.length);
  const size = Math.sqrt(perChar / (0.55 * 1.25));
  return Math.max(10, Math.round(Math.min(size, box.height * max, box.width * max)));
}

/**
 * The largest font size (≤ `maxPx`) at which `text`, wrapped word by word, fits `box` (see
 * fit-text.ts: measured with the canvas, never cut). `charEm` is no longer read (widths are
 * measured, not estimated); it stays so older callers compile. `font` is the face it is drawn in.
 */
export function fitTextSize(
  text: string,
  box: CardSize,
  o: { maxPx: number; lineHeight: number; charEm?: number; minPx?: number; extraEm?: number; font?: TextFont },
): number {
  return fitText(text, box, { font: o.font ?? { weight: 700 }, maxPx: o.maxPx, minPx: o.minPx ?? 10, lineHeight: o.lineHeight, extraEm: o.extraEm }).fontPx;
}

/** The card font's files as a canvas face, so the lines measured are the lines satori draws. */
async function cardFace(family: string, weight: 400 | 700 = 700): Promise<TextFont> {
  const fonts = await cardFonts(family);
  return {
    ...registerFace(
      `Card ${family}`,
      fonts.map((f) => f.data),
    ),
    weight,
  };
}

/** Fitted lines as satori nodes: one unbreakable row per line, so satori draws exactly these lines. */
function linesNode(fitted: FittedText, style: Record<string, unknown>, align: 'center' | 'flex-start' = 'center'): CardNode {
  return el(
    'div',
    { display: 'flex', flexDirection: 'column', alignItems: align, fontSize: fitted.fontPx, lineHeight: fitted.lineHeightPx / fitted.fontPx, ...style },
    fitted.lines.map((line) => el('div', { display: 'flex', whiteSpace: 'pre' }, line)),
  );
}

/** The colour turned on the wheel and made lighter or darker. */
export function shade(colour: string, hueTurn: number, lightnessDelta: number): string {
  const [h, s, l] = rgbToHsl(...hexToRgb(colour));
  return rgbToHex(hslToRgb(h + hueTurn, s, Math.max(0, Math.min(1, l + lightnessDelta))));
}

const fill = (src: string, size: CardSize): CardNode =>
  el('img', { position: 'absolute', top: 0, left: 0, width: size.width, height: size.height }, undefined, { src, width: size.width, height: size.height });

export async function textCard(
  o: { text: string; background: string; textColor: string; fontFamily: string } & CardSize,
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const layers: CardNode[] = [];
  if (variation > 0) {
    const kind = PROCEDURAL_BACKGROUNDS[(variation - 1 + rng.int(0, PROCEDURAL_BACKGROUNDS.length - 1)) % PROCEDURAL_BACKGROUNDS.length]!;
    const bg = await renderBackground(kind, { ...size, seed: rng.int(1, 2 ** 30), colors: [o.background, shade(o.background, 25, 0.12)] });
    layers.push(fill(await dataUrlOf(bg), size));
  }
  const pad = Math.round(Math.min(o.width, o.height) * 0.08);
  const inner = { width: o.width - 2 * pad, height: o.height - 2 * pad };
  const face = await cardFace(o.fontFamily);
  const fitted = fitText(o.text, inner, { font: face, maxPx: Math.min(o.width, o.height) * 0.16, minPx: 10, lineHeight: 1.2 });
  layers.push(linesNode(fitted, { color: o.textColor, fontWeight: 700, width: inner.width, textAlign: 'center' }));
  return renderCard(
    el(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', backgroundColor: o.background, fontFamily: 'Card' },
      layers,
    ),
    { ...size, fontFamily: o.fontFamily, signal },
  );
}

export async function quoteCard(
  o: { quote: string; author?: string; background: string; textColor: string; fontFamily: string } & CardSize,
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const angle = variation === 0 ? 135 : rng.int(0, 359);
  const second = shade(o.background, variation === 0 ? 18 : rng.int(-60, 60), -0.08);
  const pad = Math.round(Math.min(o.width, o.height) * 0.1);
  const innerW = o.width - 2 * pad;
  const face = await cardFace(o.fontFamily, 400);
  const boldFace = await cardFace(o.fontFamily, 700);
  // Below and above the quote: the quote mark (1.4 em) and the author line (0.8 em gap + 0.6 em × 1.2).
  const quote = fitText(
    o.quote,
    { width: innerW, height: o.height - 2 * pad },
    { font: face, maxPx: Math.min(o.width, o.height) * 0.11, minPx: 10, lineHeight: 1.3, extraEm: 1.4 + (o.author ? 0.8 + 0.75 : 0) },
  );
  const fontSize = quote.fontPx;
  const accent = shade(o.textColor === '#ffffff' ? o.background : o.textColor, 180, 0.2);
  const children: CardNode[] = [
    el('div', { display: 'flex', fontSize: fontSize * 2.4, color: accent, lineHeight: 1, height: fontSize * 1.4 }, '\u201C'),
    linesNode(quote, { color: o.textColor, fontWeight: 400, width: innerW }, 'flex-start'),
  ];
  if (o.author) {
    const author = fitText(
      `\u2014 ${o.author}`,
      { width: innerW, height: fontSize * 0.75 },
      { font: boldFace, maxPx: Math.max(10, fontSize * 0.6), minPx: 10, lineHeight: 1.2, maxLines: 1 },
    );
    children.push(linesNode(author, { marginTop: fontSize * 0.8, color: o.textColor, fontWeight: 700, width: innerW }, 'flex-start'));
  }
  return renderCard(
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        width: '100%',
        height: '100%',
        padding: pad,
        boxSizing: 'border-box',
        fontFamily: 'Card',
        backgroundImage: `linear-gradient(${angle}deg, ${o.background}, ${second})`,
      },
      children,
    ),
    { width: o.width, height: o.height, fontFamily: o.fontFamily, signal },
  );
}

export async function saleBanner(
  o: {
    headline: string;
    discount?: string;
    subtitle?: string;
    cta?: string;
    product?: RgbaImage;
    background: string;
    textColor: string;
    fontFamily: string;
  } & CardSize,
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const accent = shade(o.background, variation === 0 ? 40 : rng.int(30, 330), 0.1);
  const pad = Math.round(Math.min(o.width, o.height) * 0.07);
  // Tall banners stack the product over the text; wide and square ones put it beside the text.
  const stacked = o.height > o.width * 1.2;
  const gap = pad;
  // The discount badge sits in a right-hand corner (top or bottom by variation). Stacked banners,
  // and side-by-side ones whose product stands on the right under it, keep a band of its height
  // clear on that side (never a badge on the product); text alone keeps clear of its column.
  const badge = o.discount ? Math.round(Math.min(o.width, o.height) * 0.3) : 0;
  const badgeAtTop = variation % 2 === 0;
  const banded = badge > 0 && (stacked || o.product !== undefined);
  const band = banded ? badge + Math.round(pad / 2) : pad;
  const innerH = o.height - pad - band;
  const productBox = !o.product
    ? null
    : stacked
      ? { width: o.width - 2 * pad, height: Math.round(innerH * 0.45) }
      : { width: Math.round((o.width - 2 * pad) * 0.42), height: innerH };
  const besideBadge = badge > 0 && !stacked && !productBox ? badge : 0;
  const textW = (!productBox ? o.width - 2 * pad : stacked ? o.width - 2 * pad : o.width - 2 * pad - productBox.width - gap) - besideBadge;
  const textH = !stacked ? innerH : !productBox ? innerH : innerH - productBox.height - gap;
  // Subtitle: a gap and up to two lines at 0.38 of the headline; button: a gap and a pill about 0.75 high.
  const extraEm = (o.subtitle ? 0.25 + 2 * 0.38 * 1.25 : 0) + (o.cta ? 0.35 + 0.75 : 0);
  const headline = o.headline.toUpperCase();
  const face = await cardFace(o.fontFamily, 700);
  const regular = await cardFace(o.fontFamily, 400);
  const head = fitText(
    headline,
    { width: textW, height: textH },
    { font: face, maxPx: Math.min(o.width, o.height) * 0.2, minPx: 10, lineHeight: 1.05, extraEm },
  );
  const headSize = head.fontPx;
  const small = o.subtitle
    ? fitText(o.subtitle, { width: textW, height: headSize * 0.95 }, { font: regular, maxPx: Math.max(10, headSize * 0.38), minPx: 10, lineHeight: 1.2 })
    : null;
  const padX = Math.round(headSize * 0.4);
  const button = o.cta
    ? fitText(
        o.cta,
        { width: textW - 2 * padX, height: headSize * 0.6 },
        { font: face, maxPx: Math.max(10, headSize * 0.32), minPx: 10, lineHeight: 1.2, maxLines: 1 },
      )
    : null;
  const align = stacked ? 'center' : 'flex-start';
  const left: CardNode[] = [linesNode(head, { fontWeight: 700, color: o.textColor, width: textW }, align)];
  if (small) left.push(linesNode(small, { marginTop: headSize * 0.25, fontWeight: 400, color: o.textColor, width: textW }, align));
  if (button)
    left.push(
      linesNode(button, {
        marginTop: headSize * 0.35,
        padding: `${Math.round(headSize * 0.15)}px ${padX}px`,
        backgroundColor: o.textColor,
        color: o.background,
        fontWeight: 700,
        borderRadius: 999,
        alignSelf: align,
      }),
    );
  const textBlock = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'center',
      alignItems: stacked ? 'center' : 'flex-start',
      textAlign: stacked ? 'center' : 'left',
      width: textW,
    },
    left,
  );
  const row: CardNode[] = [];
  if (o.product && productBox) {
    // Crop to the product's own outline first: the cut-out's empty surroundings would shrink it to a speck.
    const outline = alphaBox(o.product, 24);
    const product = outline ? cropImage(o.product, outline) : o.product;
    const fitted = await rgbaOf(sharpOf(product).resize(productBox.width, productBox.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }));
    const img = el('img', { width: productBox.width, height: productBox.height }, undefined, {
      src: await dataUrlOf(fitted),
      width: productBox.width,
      height: productBox.height,
    });
    if (stacked) row.push(img, textBlock);
    else row.push(textBlock, img);
  } else row.push(textBlock);
  const layers: CardNode[] = [
    el(
      'div',
      {
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: row.length > 1 ? 'space-between' : stacked ? 'center' : 'flex-start',
        width: '100%',
        height: '100%',
        padding: pad,
        ...(banded ? (badgeAtTop ? { paddingTop: band } : { paddingBottom: band }) : {}),
        boxSizing: 'border-box',
      },
      row,
    ),
  ];
  if (o.discount) {
    const corner = badgeAtTop ? { top: pad / 2, right: pad / 2 } : { bottom: pad / 2, right: pad / 2 };
    layers.push(
      el(
        'div',
        {
          position: 'absolute',
          ...corner,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: badge,
          height: badge,
          borderRadius: badge,
          backgroundColor: accent,
          color: o.textColor,
          fontWeight: 700,
        },
        [linesNode(fitText(o.discount, { width: badge * 0.72, height: badge * 0.5 }, { font: face, maxPx: badge * 0.3, minPx: 10, lineHeight: 1.05 }), {})],
      ),
    );
  }
  return renderCard(
    el('div', { display: 'flex', position: 'relative', width: '100%', height: '100%', backgroundColor: o.background, fontFamily: 'Card' }, layers),
    { ...size, fontFamily: o.fontFamily, signal },
  );
}

const ACCENTS = ['#facc15', '#22d3ee', '#f472b6', '#4ade80', '#fb923c', '#a78bfa'];

export async function thumbnailWithTitle(
  photo: RgbaImage,
  o: { title: string; fontFamily: string } & CardSize,
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const cover = await rgbaOf(sharpOf(photo).resize(o.width, o.height, { fit: 'cover', position: 'attention' }));
  const accent = variation === 0 ? ACCENTS[0]! : ACCENTS[(variation + rng.int(0, ACCENTS.length - 1)) % ACCENTS.length]!;
  const pad = Math.round(Math.min(o.width, o.height) * 0.07);
  const title = fitText(
    o.title,
    { width: o.width - 2 * pad, height: o.height * 0.36 },
    { font: await cardFace(o.fontFamily), maxPx: Math.min(o.width, o.height) * 0.14, minPx: 10, lineHeight: 1.1 },
  );
  const fontSize = title.fontPx;
  return renderCard(
    el('div', { display: 'flex', position: 'relative', width: '100%', height: '100%', fontFamily: 'Card' }, [
      fill(await dataUrlOf(cover), size),
      el('div', {
        position: 'absolute',
        top: 0,
        left: 0,
        width: o.width,
        height: o.height,
        display: 'flex',
        backgroundImage: 'linear-gradient(180deg, rgba(0,0,0,0) 35%, rgba(0,0,0,0.85) 100%)',
      }),
      el('div', { position: 'absolute', left: pad, right: pad, bottom: pad, display: 'flex', flexDirection: 'column' }, [
        el('div', {
          display: 'flex',
          width: Math.round(fontSize * 2),
          height: Math.max(4, Math.round(fontSize * 0.14)),
          backgroundColor: accent,
          marginBottom: Math.round(fontSize * 0.25),
        }),
        linesNode(title, { fontWeight: 700, color: '#ffffff', width: o.width - 2 * pad }, 'flex-start'),
      ]),
    ]),
    { ...size, fontFamily: o.fontFamily, signal },
  );
}
