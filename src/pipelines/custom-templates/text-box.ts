import { textWidthPx } from '../../media/captions/caption-layout.js';
import type { TextStyle } from '../../domain/custom-templates/template-format.js';

/** Smallest size text is shrunk to before it may overflow its box. */
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
 * style's that lets every line fit its width and all lines its height. Explicit line breaks in the
 * text are kept; `wordsPerLine` caps words on a line. Widths are the caption layout's estimate.
 */
export function fitTextInBox(
  text: string,
  style: Pick<TextStyle, 'sizePx' | 'case' | 'bold' | 'wordsPerLine'>,
  boxPx: { width: number; height: number },
): { lines: string[]; fontSizePx: number } {
  const cased = applyCase(text.trim(), style.case);
  const uppercase = style.case === 'upper';
  for (let size = style.sizePx; ; size = Math.max(MIN_FONT_PX, Math.floor(size * 0.9))) {
    const measure = (t: string): number => textWidthPx(t, { fontSizePx: size, uppercase, bold: style.bold });
    const lines = cased.split(/\r?\n/).flatMap((paragraph) => wrap(paragraph, measure, boxPx.width, style.wordsPerLine));
    const fits = lines.length * size * LINE_HEIGHT <= boxPx.height && lines.every((l) => measure(l) <= boxPx.width);
    if (fits || size <= MIN_FONT_PX) return { lines, fontSizePx: size };
  }
}

function wrap(paragraph: string, measure: (t: string) => number, widthPx: number, wordsPerLine: number | undefined): string[] {
  const words = paragraph.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const lines: string[][] = [[]];
  for (const word of words) {
    const line = lines[lines.length - 1]!;
    const full = wordsPerLine !== undefined && line.length >= wordsPerLine;
    if (line.length > 0 && (full || measure([...line, word].join(' ')) > widthPx)) lines.push([word]);
    else line.push(word);
  }
  return lines.map((l) => l.join(' '));
}
