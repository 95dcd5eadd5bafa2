import { canvasFont, type TextFont } from '../images/text/canvas-fonts.js';
import { type FittedText, fitText } from '../images/text/fit-text.js';

/** Banners are set in Poppins bold (or its nearest installed look-alike). */
export const BANNER_FONT: TextFont = { family: 'Poppins', weight: 700 };

export type { FittedText };

export function bannerFont(px: number): string {
  return canvasFont(BANNER_FONT, px);
}

/**
 * Banner text through the shared fitter (`images/text/fit-text.ts`: wrap, then shrink to `minPx`),
 * accepted only whole: inside the box, on at most `maxLines` lines, every word unbroken. Otherwise
 * null, and the layout leaves that text out (or gives it more room) rather than cutting it.
 */
export function fitWhole(text: string, box: { width: number; height: number }, o: { maxLines: number; maxPx: number; minPx: number }): FittedText | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const fitted = fitText(text, box, { font: BANNER_FONT, maxPx: Math.max(o.minPx, o.maxPx), minPx: o.minPx, maxLines: o.maxLines, lineHeight: 1.15 });
  const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
  if (!fitted.fits || fitted.shortened || fitted.lines.length > o.maxLines || words(fitted.lines.join(' ')) !== words(text)) return null;
  return fitted;
}
