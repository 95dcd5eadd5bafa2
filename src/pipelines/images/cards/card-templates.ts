import type { RgbaImage } from '../../../core/raster.js';
import type { Rng } from '../../../core/random.js';
import { PROCEDURAL_BACKGROUNDS, renderBackground } from '../backgrounds/procedural.js';
import { clamp255, hexToRgb, hslToRgb, rgbaOf, rgbToHsl, sharpOf } from '../pixel-ops.js';
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

function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => clamp255(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour turned on the wheel and made lighter or darker. */
export function shade(colour: string, hueTurn: number, lightnessDelta: number): string {
  const [h, s, l] = rgbToHsl(...hexToRgb(colour));
  return hex(hslToRgb(h + hueTurn, s, Math.max(0, Math.min(1, l + lightnessDelta))));
}

const fill = (src: string, size: CardSize): CardNode => el('img', { position: 'absolute', top: 0, left: 0, width: size.width, height: size.height }, undefined, { src, width: size.width, height: size.height });

export async function textCard(o: { text: string; background: string; textColor: string; fontFamily: string } & CardSize, rng: Rng, variation: number, signal?: AbortSignal): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const layers: CardNode[] = [];
  if (variation > 0) {
    const kind = PROCEDURAL_BACKGROUNDS[(variation - 1 + rng.int(0, PROCEDURAL_BACKGROUNDS.length - 1)) % PROCEDURAL_BACKGROUNDS.length]!;
    const bg = await renderBackground(kind, { ...size, seed: rng.int(1, 2 ** 30), colors: [o.background, shade(o.background, 25, 0.12)] });
    layers.push(fill(await dataUrlOf(bg), size));
  }
  const pad = Math.round(Math.min(o.width, o.height) * 0.08);
  const fontSize = fittedFontSize(o.text, { width: o.width - 2 * pad, height: o.height - 2 * pad });
  layers.push(el('div', { display: 'flex', textAlign: 'center', justifyContent: 'center', color: o.textColor, fontSize, fontWeight: 700, lineHeight: 1.2, padding: pad, width: '100%' }, o.text));
  return renderCard(el('div', { display: 'flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', backgroundColor: o.background, fontFamily: 'Card' }, layers), { ...size, fontFamily: o.fontFamily, signal });
}

export async function quoteCard(o: { quote: string; author?: string; background: string; textColor: string; fontFamily: string } & CardSize, rng: Rng, variation: number, signal?: AbortSignal): Promise<RgbaImage> {
  const angle = variation === 0 ? 135 : rng.int(0, 359);
  const second = shade(o.background, variation === 0 ? 18 : rng.int(-60, 60), -0.08);
  const pad = Math.round(Math.min(o.width, o.height) * 0.1);
  const fontSize = fittedFontSize(o.quote, { width: o.width - 2 * pad, height: (o.height - 2 * pad) * 0.7 }, 0.5);
  const accent = shade(o.textColor === '#ffffff' ? o.background : o.textColor, 180, 0.2);
  const children: CardNode[] = [
    el('div', { display: 'flex', fontSize: fontSize * 2.4, color: accent, lineHeight: 1, height: fontSize * 1.4 }, '\u201C'),
    el('div', { display: 'flex', fontSize, color: o.textColor, lineHeight: 1.3, fontWeight: 400 }, o.quote),
  ];
  if (o.author) children.push(el('div', { display: 'flex', marginTop: fontSize * 0.8, fontSize: Math.max(10, fontSize * 0.6), color: o.textColor, fontWeight: 700 }, `\u2014 ${o.author}`));
  return renderCard(
    el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', width: '100%', height: '100%', padding: pad, fontFamily: 'Card', backgroundImage: `linear-gradient(${angle}deg, ${o.background}, ${second})` }, children),
    { width: o.width, height: o.height, fontFamily: o.fontFamily, signal },
  );
}

export async function saleBanner(
  o: { headline: string; discount?: string; subtitle?: string; cta?: string; product?: RgbaImage; background: string; textColor: string; fontFamily: string } & CardSize,
  rng: Rng,
  variation: number,
  signal?: AbortSignal,
): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const accent = shade(o.background, variation === 0 ? 40 : rng.int(30, 330), 0.1);
  const pad = Math.round(Math.min(o.width, o.height) * 0.07);
  const textW = o.product ? o.width * 0.58 : o.width - 2 * pad;
  const headSize = fittedFontSize(o.headline, { width: textW, height: o.height * 0.35 }, 0.7, 0.22);
  const left: CardNode[] = [el('div', { display: 'flex', fontSize: headSize, fontWeight: 700, color: o.textColor, lineHeight: 1.05 }, o.headline.toUpperCase())];
  if (o.subtitle) left.push(el('div', { display: 'flex', marginTop: headSize * 0.3, fontSize: Math.max(10, headSize * 0.35), color: o.textColor }, o.subtitle));
  if (o.cta) left.push(el('div', { display: 'flex', marginTop: headSize * 0.4, padding: `${Math.round(headSize * 0.15)}px ${Math.round(headSize * 0.4)}px`, backgroundColor: o.textColor, color: o.background, fontSize: Math.max(10, headSize * 0.32), fontWeight: 700, borderRadius: 999, alignSelf: 'flex-start' }, o.cta));
  const row: CardNode[] = [el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', width: textW }, left)];
  if (o.product) {
    const box = { width: Math.round(o.width * 0.32), height: Math.round(o.height * 0.8) };
    const fitted = await rgbaOf(sharpOf(o.product).resize(box.width, box.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }));
    row.push(el('img', { width: box.width, height: box.height }, undefined, { src: await dataUrlOf(fitted), width: box.width, height: box.height }));
  }
  const layers: CardNode[] = [el('div', { display: 'flex', flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', width: '100%', height: '100%', padding: pad }, row)];
  if (o.discount) {
    const badge = Math.round(Math.min(o.width, o.height) * 0.3);
    const corner = variation % 2 === 0 ? { top: pad / 2, right: pad / 2 } : { bottom: pad / 2, right: pad / 2 };
    layers.push(el('div', { position: 'absolute', ...corner, display: 'flex', alignItems: 'center', justifyContent: 'center', width: badge, height: badge, borderRadius: badge, backgroundColor: accent, color: o.textColor, fontSize: fittedFontSize(o.discount, { width: badge * 0.8, height: badge * 0.5 }, 0.8, 0.5), fontWeight: 700 }, o.discount));
  }
  return renderCard(el('div', { display: 'flex', position: 'relative', width: '100%', height: '100%', backgroundColor: o.background, fontFamily: 'Card' }, layers), { ...size, fontFamily: o.fontFamily, signal });
}

const ACCENTS = ['#facc15', '#22d3ee', '#f472b6', '#4ade80', '#fb923c', '#a78bfa'];

export async function thumbnailWithTitle(photo: RgbaImage, o: { title: string; fontFamily: string } & CardSize, rng: Rng, variation: number, signal?: AbortSignal): Promise<RgbaImage> {
  const size = { width: o.width, height: o.height };
  const cover = await rgbaOf(sharpOf(photo).resize(o.width, o.height, { fit: 'cover', position: 'attention' }));
  const accent = variation === 0 ? ACCENTS[0]! : ACCENTS[(variation + rng.int(0, ACCENTS.length - 1)) % ACCENTS.length]!;
  const pad = Math.round(Math.min(o.width, o.height) * 0.07);
  const fontSize = fittedFontSize(o.title, { width: o.width - 2 * pad, height: o.height * 0.4 }, 0.7, 0.2);
  return renderCard(
    el('div', { display: 'flex', position: 'relative', width: '100%', height: '100%', fontFamily: 'Card' }, [
      fill(await dataUrlOf(cover), size),
      el('div', { position: 'absolute', top: 0, left: 0, width: o.width, height: o.height, display: 'flex', backgroundImage: 'linear-gradient(180deg, rgba(0,0,0,0) 35%, rgba(0,0,0,0.85) 100%)' }),
      el('div', { position: 'absolute', left: pad, right: pad, bottom: pad, display: 'flex', flexDirection: 'column' }, [
        el('div', { display: 'flex', width: Math.round(fontSize * 2), height: Math.max(4, Math.round(fontSize * 0.14)), backgroundColor: accent, marginBottom: Math.round(fontSize * 0.25) }),
        el('div', { display: 'flex', fontSize, fontWeight: 700, color: '#ffffff', lineHeight: 1.1 }, o.title),
      ]),
    ]),
    { ...size, fontFamily: o.fontFamily, signal },
  );
}
