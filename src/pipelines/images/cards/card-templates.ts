import type { RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import { rgbToHex } from '../backgrounds/colour.js';
import { PROCEDURAL_BACKGROUNDS, renderBackground } from '../backgrounds/procedural.js';
import { hexToRgb, hslToRgb, rgbaOf, rgbToHsl, sharpOf } from '../pixel-ops.js';
import { alphaBox, cropImage } from '../raster-io.js';
import { dataUrlOf, el, renderCard, type CardNode } from './render-card.js';

/**
 * Text cards laid out with satori and rendered by resvg: real type from the installed fonts,
 * sized to the text's length. No neural generator; variations change backgrounds and accents.
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
 * The largest font size (≤ `maxPx`) at which `text`, wrapped word by word, fits `box`: every word
 * narrower than the box and all lines within its height. Letter widths are estimated on the wide side
 * (`charEm`, about 0.62 em for bold geometric faces) so real text never spills past the margins.
 */
export function fitTextSize(text: string, box: CardSize, o: { maxPx: number; lineHeight: number; charEm?: number; minPx?: number; extraEm?: number }): number {
  const charEm = o.charEm ?? 0.62;
  const minPx = o.minPx ?? 10;
  const ws = text.split(/\s+/).filter(Boolean);
  for (let size = Math.floor(o.maxPx); size > minPx; size--) {
    const charPx = size * charEm;
    const perLine = Math.floor(box.width / charPx);
    if (ws.some((w) => w.length > perLine)) continue;
    let lines = 1,
      used = 0;
    for (const w of ws) {
      const need = used === 0 ? w.length : used + 1 + w.length;
      if (need <= perLine) used = need;
      else {
        lines++;
        used = w.length;
      }
    }
    // `extraEm`: lines below the text (subtitle, button) whose height scales with it.
    if (lines * size * o.lineHeight + (o.extraEm ?? 0) * size <= box.height) return size;
  }
  return minPx;
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
  const fontSize = fitTextSize(o.text, inner, { maxPx: Math.min(o.width, o.height) * 0.16, lineHeight: 1.2 });
  layers.push(
    el(
      'div',
      {
        display: 'flex',
        textAlign: 'center',
        justifyContent: 'center',
        color: o.textColor,
        fontSize,
        fontWeight: 700,
        lineHeight: 1.2,
        width: inner.width,
        maxWidth: inner.width,
      },
      o.text,
    ),
  );
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
  // Below and above the quote: the quote mark (1.4 em) and the author line (0.8 em gap + 0.6 em × 1.2).
  const fontSize = fitTextSize(
    o.quote,
    { width: innerW, height: o.height - 2 * pad },
    { maxPx: Math.min(o.width, o.height) * 0.11, lineHeight: 1.3, charEm: 0.56, extraEm: 1.4 + (o.author ? 0.8 + 0.75 : 0) },
  );
  const accent = shade(o.textColor === '#ffffff' ? o.background : o.textColor, 180, 0.2);
  const children: CardNode[] = [
    el('div', { display: 'flex', fontSize: fontSize * 2.4, color: accent, lineHeight: 1, height: fontSize * 1.4 }, '\u201C'),
    el('div', { display: 'flex', fontSize, color: o.textColor, lineHeight: 1.3, fontWeight: 400, width: innerW, maxWidth: innerW }, o.quote),
  ];
  if (o.author)
    children.push(
      el(
        'div',
        {
          display: 'flex',
          marginTop: fontSize * 0.8,
          fontSize: Math.max(10, fontSize * 0.6),
          color: o.textColor,
          fontWeight: 700,
          width: innerW,
          maxWidth: innerW,
        },
        `\u2014 ${o.author}`,
      ),
    );
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
  const productBox = !o.product
    ? null
    : stacked
      ? { width: o.width - 2 * pad, height: Math.round((o.height - 2 * pad) * 0.45) }
      : { width: Math.round((o.width - 2 * pad) * 0.42), height: o.height - 2 * pad };
  const textW = !productBox ? o.width - 2 * pad : stacked ? o.width - 2 * pad : o.width - 2 * pad - productBox.width - gap;
  const textH = !productBox || !stacked ? o.height - 2 * pad : o.height - 2 * pad - productBox.height - gap;
  // Subtitle: a gap and up to two lines at 0.38 of the headline; button: a gap and a pill about 0.75 high.
  const extraEm = (o.subtitle ? 0.25 + 2 * 0.38 * 1.25 : 0) + (o.cta ? 0.35 + 0.75 : 0);
  const headline = o.headline.toUpperCase();
  const headSize = fitTextSize(
    headline,
    { width: textW, height: textH },
    { maxPx: Math.min(o.width, o.height) * 0.2, lineHeight: 1.05, charEm: 0.68, extraEm },
  );
  const smallSize = Math.max(
    10,
    Math.min(headSize * 0.38, fitTextSize(o.subtitle ?? '', { width: textW, height: headSize * 0.9 }, { maxPx: headSize * 0.38, lineHeight: 1.2 })),
  );
  const left: CardNode[] = [
    el('div', { display: 'flex', fontSize: headSize, fontWeight: 700, color: o.textColor, lineHeight: 1.05, width: textW, maxWidth: textW }, headline),
  ];
  if (o.subtitle)
    left.push(el('div', { display: 'flex', marginTop: headSize * 0.25, fontSize: smallSize, color: o.textColor, width: textW, maxWidth: textW }, o.subtitle));
  if (o.cta)
    left.push(
      el(
        'div',
        {
          display: 'flex',
          marginTop: headSize * 0.35,
          padding: `${Math.round(headSize * 0.15)}px ${Math.round(headSize * 0.4)}px`,
          backgroundColor: o.textColor,
          color: o.background,
          fontSize: Math.max(10, headSize * 0.32),
          fontWeight: 700,
          borderRadius: 999,
          alignSelf: stacked ? 'center' : 'flex-start',
        },
        o.cta,
      ),
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
        justifyContent: 'space-between',
        width: '100%',
        height: '100%',
        padding: pad,
        boxSizing: 'border-box',
      },
      row,
    ),
  ];
  if (o.discount) {
    const badge = Math.round(Math.min(o.width, o.height) * 0.3);
    const corner = variation % 2 === 0 ? { top: pad / 2, right: pad / 2 } : { bottom: pad / 2, right: pad / 2 };
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
          fontSize: fittedFontSize(o.discount, { width: badge * 0.8, height: badge * 0.5 }, 0.8, 0.5),
          fontWeight: 700,
        },
        o.discount,
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
  const fontSize = fitTextSize(o.title, { width: o.width - 2 * pad, height: o.height * 0.36 }, { maxPx: Math.min(o.width, o.height) * 0.14, lineHeight: 1.1 });
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
        el(
          'div',
          { display: 'flex', fontSize, fontWeight: 700, color: '#ffffff', lineHeight: 1.1, width: o.width - 2 * pad, maxWidth: o.width - 2 * pad },
          o.title,
        ),
      ]),
    ]),
    { ...size, fontFamily: o.fontFamily, signal },
  );
}
