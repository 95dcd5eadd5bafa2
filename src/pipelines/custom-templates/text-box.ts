import { lineBoxPerPx, measureTextWidth } from '../images/text/canvas-fonts.js';
import { fitText } from '../images/text/fit-text.js';
import type { TextStyle } from '../../domain/custom-templates/template-format.js';

/** Smallest size text is shrunk to before it takes more lines. */
const MIN_FONT_PX = 14;
const LINE_HEIGHT = 1.25;

export function applyCase(text: string, textCase: TextStyle['case'] | 'as-is'): string {
  switch (textCase) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text.replace(/\p{L}[\p{L}'’]*/gu, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
    default:
      return text;
  }
}

/**
 * Breaks a text into lines that fit a box (pixels) and picks the largest font size up to the
 * style's that lets every line fit its width and all lines its height: the shared fitter
 * (images/text/fit-text.ts), measured with the canvas in the style's font. Sizes are subtitle
 * sizes (libass sizes a face by its line box, the canvas by its em). Explicit line breaks in the
 * text are kept; `wordsPerLine` caps words on a line. Below 14 px it wraps onto more lines rather
 * than shrink further; a word is never cut off and no "…" is added.
 */
export function fitTextInBox(
  text: string,
  style: Pick<TextStyle, 'sizePx' | 'case' | 'bold' | 'wordsPerLine'> & { font?: string },
  boxPx: { width: number; height: number },
): { lines: string[]; fontSizePx: number } {
  const cased = applyCase(text.trim(), style.case);
  const font = { family: style.font, weight: style.bold === false ? 400 : 700 } as const;
  const perPx = lineBoxPerPx(font);
  const fitted = fitText(cased, boxPx, {
    measure: (t, size) => measureTextWidth(t, font, size / perPx),
    maxPx: style.sizePx,
    minPx: Math.min(MIN_FONT_PX, style.sizePx),
    lineHeight: LINE_HEIGHT,
    wordsPerLine: style.wordsPerLine,
    balance: false,
  });
  return { lines: fitted.lines, fontSizePx: fitted.fontPx };
}
