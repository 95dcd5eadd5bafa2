import type { AspectRatio, Layer, Scene } from '../../media/timeline.js';
import { lineBoxPerPx, type TextFont } from '../images/text/canvas-fonts.js';
import { fitText, type FitBox, type FittedText } from '../images/text/fit-text.js';
import { plateGeometry, readableOn, type PlateBlock, type TextPlate } from '../images/text/text-plate.js';
import { shortProductName } from '../text/short-name.js';
import type { AdMaterials } from './ad-materials.js';
import { boxPx, type FramePlace, layoutFrame, plateLayers } from './frame-text.js';
import { rectOf } from './product-area.js';

/**
 * The call-to-action end card, in its own parts so nothing covers anything: the logo, the product
 * whole, and a text column with the product's name, its price large and the call to action as a
 * button. Tall frames stack them (logo, product, text); square and wide frames put the product on
 * the left and the logo and text column on the right. Offsets are centres (−0.5..0.5), boxes
 * fractions of the frame.
 */
export interface EndCardLayout {
  logo: FramePlace;
  product: FramePlace;
  /** The name, the price and the button, stacked and centred in this box. */
  text: FramePlace;
}

export const END_CARD_LAYOUT: Record<AspectRatio, EndCardLayout> = {
  '9:16': {
    logo: { position: { x: 0, y: -0.435 }, box: { width: 0.4, height: 0.07 } },
    product: { position: { x: 0, y: -0.165 }, box: { width: 0.9, height: 0.43 } },
    text: { position: { x: 0, y: 0.245 }, box: { width: 0.9, height: 0.35 } },
  },
  '16:9': {
    logo: { position: { x: 0.24, y: -0.38 }, box: { width: 0.24, height: 0.13 } },
    product: { position: { x: -0.235, y: 0.0 }, box: { width: 0.44, height: 0.86 } },
    text: { position: { x: 0.24, y: 0.095 }, box: { width: 0.42, height: 0.73 } },
  },
  '1:1': {
    logo: { position: { x: 0.235, y: -0.39 }, box: { width: 0.36, height: 0.12 } },
    product: { position: { x: -0.25, y: 0.0 }, box: { width: 0.44, height: 0.86 } },
    text: { position: { x: 0.235, y: 0.075 }, box: { width: 0.48, height: 0.75 } },
  },
};

const FONT: TextFont = { weight: 700 };
const PANEL = '#000000A6';

export interface EndCardWords {
  name: string;
  /** How the name is said short (brand and model line): used only when the whole name fits nowhere. */
  shortName?: string;
  price: string | null;
  /** A line under the name when it says something the price does not (the shop's name). */
  subtitle?: string;
  cta: string;
  accent: string;
}

/**
 * The text column as a plate: the price as large as the column allows (up to about a sixth of the
 * frame's short side, never smaller than the name), the button under it, and the name fitted into
 * what is left — wrapped, then shrunk to its smallest size, then on more lines, then its short
 * form. If even that overruns, the price gives up size first. Sizes in the full frame's pixels.
 */
export function endCardPlate(words: EndCardWords, area: FitBox, short: number): TextPlate {
  const padX = Math.round(short * 0.035);
  const padY = Math.round(short * 0.03);
  const inner = { width: area.width - 2 * padX, height: area.height - 2 * padY };
  const gap = Math.round(short * 0.022);
  const button = fitText(
    words.cta,
    { width: inner.width * 0.86 - short * 0.09, height: short * 0.16 },
    { font: FONT, maxPx: short * 0.058, minPx: short * 0.036, maxLines: 1 },
  );
  const buttonPad = { padX: Math.round(button.fontPx * 0.8), padY: Math.round(button.fontPx * 0.38) };
  const buttonHeight = button.height + 2 * buttonPad.padY;
  const subtitle = words.subtitle
    ? fitText(words.subtitle, { width: inner.width, height: short * 0.1 }, { font: { weight: 400 }, maxPx: short * 0.04, minPx: short * 0.03, maxLines: 1 })
    : null;

  let pricePx = short * 0.16;
  let best: { name: FittedText; price: FittedText | null } | null = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const price = words.price
      ? fitText(
          words.price,
          { width: inner.width, height: pricePx * 1.1 },
          { font: FONT, maxPx: pricePx, minPx: Math.min(pricePx, short * 0.06), lineHeight: 1.05, maxLines: 1 },
        )
      : null;
    const used = (price ? price.height + gap : 0) + buttonHeight + gap * 1.4 + (subtitle ? subtitle.height + gap * 0.5 : 0);
    const nameMax = Math.min(short * 0.064, price ? price.fontPx * 0.6 : short * 0.064);
    const name = fitText(
      words.name,
      { width: inner.width, height: inner.height - used },
      { font: FONT, maxPx: nameMax, minPx: Math.min(nameMax, short * 0.036), maxLines: 3, lineHeight: 1.15, shorter: words.shortName ? [words.shortName] : [] },
    );
    best = { name, price };
    if (name.fits || !price) break;
    pricePx *= 0.88;
  }
  const { name, price } = best!;
  const blocks: PlateBlock[] = [{ fitted: name, font: FONT, color: '#FFFFFF' }];
  if (subtitle) blocks.push({ fitted: subtitle, font: { weight: 400 }, color: '#E5E7EB', gapBefore: gap * 0.5 });
  if (price) blocks.push({ fitted: price, font: FONT, color: '#FFFFFF', gapBefore: gap });
  blocks.push({ fitted: button, font: FONT, color: readableOn(words.accent), gapBefore: gap * 1.4, pill: { color: words.accent, ...buttonPad } });
  return { width: area.width, height: area.height, align: 'center', blocks, panel: { color: PANEL, padX, padY, radius: Math.round(short * 0.035) } };
}

/** The words of an ad's end card: the price its own large line; the CTA's second line under the name only when it is not the price. */
export function endCardWords(m: Pick<AdMaterials, 'headline' | 'priceText' | 'cta' | 'palette'>): EndCardWords {
  const subtitle = m.cta?.subtitle && m.cta.subtitle !== m.priceText ? m.cta.subtitle : undefined;
  const shortName = shortProductName(m.headline);
  return {
    name: m.headline,
    ...(shortName !== m.headline ? { shortName } : {}),
    price: m.priceText,
    ...(subtitle ? { subtitle } : {}),
    cta: m.cta?.title ?? '',
    accent: m.palette.accent,
  };
}

/** The CTA end card: the product whole on a designed backdrop in its colours (or the brand colour), never black bars, never blur. */
export function withEndCard(scenes: Scene[], m: AdMaterials): Scene[] {
  if (m.endCardSeconds <= 0 || !m.cta) return scenes;
  const picture = m.images[0];
  const layout = END_CARD_LAYOUT[m.aspectRatio];
  const plate = endCardPlate(endCardWords(m), boxPx(m.aspectRatio, layout.text.box), layoutFrame(m.aspectRatio).short);
  const text: Layer[] = m.decorate ? plateLayers(layout.text, plate, m.decorate) : fallbackText(m, layout.text, plate);
  // Drawn: the product cut out and standing in its place on a backdrop in its own colours (one
  // picture, so nothing moves apart). Not drawn (plans built for tests): the photo whole on the brand colour.
  const designed =
    picture && m.decorate
      ? m.decorate(
          'shot',
          { width: 1, height: 1 },
          { picture, keep: rectOf(layout.product.position, layout.product.box), palette: m.palette, mode: 'designed' },
        )
      : null;
  const end: Scene = {
    durationSeconds: m.endCardSeconds,
    background: designed ? { kind: 'image', path: designed, fit: 'crop', motion: null } : { kind: 'color', color: m.palette.primary },
    layers: [
      ...(picture && !designed ? [{ kind: 'image' as const, path: picture, ...layout.product, fit: 'contain' as const }] : []),
      ...(m.logoPath ? [{ kind: 'logo' as const, path: m.logoPath, ...layout.logo }] : []),
      ...text,
    ],
    layersInScene: true,
  };
  const last = scenes[scenes.length - 1];
  const joined = last ? [...scenes.slice(0, -1), { ...last, transitionOut: { kind: 'fade' as const, durationSeconds: 0.4 } }] : [];
  return [...joined, end];
}

/**
 * Without drawn plates (plans built for tests): the name and the price as subtitle text where the
 * plate has them, the button as the compositor's own CTA card where the plate has its pill, at
 * about the pill's size.
 */
function fallbackText(m: AdMaterials, place: FramePlace, plate: TextPlate): Layer[] {
  const g = plateGeometry(plate);
  const at = plate.blocks.findIndex((b) => b.pill);
  const pill = g.pills[at];
  const button = plate.blocks[at];
  const words = plateLayers(place, { ...plate, blocks: plate.blocks.map((b, i) => (i === at ? { ...b, fitted: { ...b.fitted, lines: [] } } : b)) }, null);
  if (!pill || !button || !m.cta) return words;
  const { short } = layoutFrame(m.aspectRatio);
  // The CTA card's title is 7.5 % of the short side at scale 1 (a subtitle size).
  const scale = (button.fitted.fontPx * lineBoxPerPx(button.font)) / (short * 0.075);
  return [
    ...words,
    {
      kind: 'cta',
      title: m.cta.title,
      backgroundColor: m.palette.accent,
      textColor: readableOn(m.palette.accent),
      position: { x: place.position.x, y: place.position.y + ((pill.y + pill.height / 2) / plate.height - 0.5) * place.box.height },
      scale,
    },
  ];
}
