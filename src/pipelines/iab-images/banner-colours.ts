import { fromOklch, hexToRgb, toOklch, type Oklch } from '../images/backgrounds/colour.js';
import { separatedLightness } from '../images/staging/choose-scene.js';

/**
 * A banner's colours, from the brand (the logo's strongest colour, else the product's) and the
 * product: a pale or deep panel in the brand's hue, a stage behind the product in the product's
 * own hue kept clear of the product's colour, dark or white text, the price in the brand colour
 * and a button in it — each checked for contrast (WCAG: text 4.5:1, the button against the panel 3:1).
 */
export interface BannerColours {
  brand: string;
  panel: string;
  /** The stage behind the product: a gradient from `stageLight` (behind it) to `stageEdge`. */
  stageLight: string;
  stageEdge: string;
  text: string;
  price: string;
  ctaFill: string;
  ctaText: string;
}

const FALLBACK_BRAND = '#1f3a5f';

/** The most colourful of these colours (chroma above 0.05 in OKLCh), or null when all are greys. */
export function mostColourful(colours: readonly string[]): string | null {
  let best: string | null = null,
    bestC = 0.05;
  for (const hex of colours) {
    const c = toOklch(hex).c;
    if (c > bestC) {
      best = hex;
      bestC = c;
    }
  }
  return best;
}

export function bannerColours(productPalette: readonly string[], logoPalette: readonly string[]): BannerColours {
  const brand = mostColourful(logoPalette) ?? mostColourful(productPalette) ?? logoPalette[0] ?? FALLBACK_BRAND;
  const b = toOklch(brand);
  const product = productPalette[0] ? toOklch(productPalette[0]) : null;
  // Pale panel unless the product is itself pale (a white bottle on white disappears).
  const pale = !product || product.l < 0.78;
  let panel: Oklch = pale ? { l: 0.965, c: 0.014, h: b.h } : { l: 0.22, c: 0.03, h: b.h };
  if (product) panel = { ...panel, l: separatedLightness(panel, product) };
  const panelHex = fromOklch(panel);
  const stageHue = product && product.c > 0.03 ? product.h : b.h;
  let stage: Oklch = { l: panel.l > 0.5 ? 0.9 : 0.3, c: 0.045, h: stageHue };
  if (product) stage = { ...stage, l: separatedLightness(stage, product) };
  const text = panel.l > 0.5 ? fromOklch({ l: 0.22, c: 0.02, h: b.h }) : '#ffffff';
  const price = withContrast(brand, panelHex, 4.5) ?? text;
  const ctaFill = withContrast(brand, panelHex, 3) ?? text;
  const ctaText = contrast('#ffffff', ctaFill) >= contrast('#111111', ctaFill) ? '#ffffff' : '#111111';
  return {
    brand,
    panel: panelHex,
    stageLight: fromOklch({ ...stage, l: Math.min(0.98, stage.l + 0.05) }),
    stageEdge: fromOklch({ ...stage, l: Math.max(0.05, stage.l - 0.05), c: stage.c * 1.3 }),
    text,
    price,
    ctaFill,
    ctaText,
  };
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const la = luminance(a),
    lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour with its lightness moved (hue and chroma kept) until it reaches `ratio` against `against`; null if no lightness does. */
export function withContrast(colour: string, against: string, ratio: number): string | null {
  if (contrast(colour, against) >= ratio) return colour;
  const c = toOklch(colour);
  const darker = luminance(against) > 0.18;
  for (let step = 1; step <= 40; step++) {
    const l = darker ? c.l - step * 0.02 : c.l + step * 0.02;
    if (l < 0.05 || l > 0.98) break;
    const hex = fromOklch({ ...c, l });
    if (contrast(hex, against) >= ratio) return hex;
  }
  return null;
}
