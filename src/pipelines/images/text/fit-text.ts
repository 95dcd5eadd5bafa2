import { measureTextWidth, type TextFont } from './canvas-fonts.js';

/**
 * The one way text is fitted into a box, wherever it is drawn (video labels, end cards, v2 scene
 * labels, satori cards): measured with the canvas in the face it is drawn with, wrapped word by
 * word, shrunk no further than a minimum size, and only then wrapped onto more lines. Text is never
 * cut and never given an ellipsis; a caller that has a shorter way to say the same thing (a
 * product's short name) passes it, and it is used only when the whole text fits nowhere.
 */

export interface FitBox {
  width: number;
  height: number;
}

/** The advance width of `text` at a font size, in the box's units. */
export type MeasureText = (text: string, px: number) => number;

export interface FitOptions {
  /** The face; widths come from the canvas in it unless `measure` is given. */
  font?: TextFont;
  measure?: MeasureText;
  /** The largest font size wanted, and the smallest allowed (both in the box's units). */
  maxPx: number;
  minPx: number;
  /** Line pitch in em (default 1.2). */
  lineHeight?: number;
  /** Lines wanted at most; more are used only at `minPx`, when fewer cannot hold the text. */
  maxLines?: number;
  /** Shorter ways to say the text, in order: tried only when the text fits at no allowed size. */
  shorter?: readonly string[];
  /** Height under the text that grows with it, in em (a subtitle or button whose size follows it). */
  extraEm?: number;
  /** Even out the lines' lengths at the chosen size, keeping their number (default true). */
  balance?: boolean;
  /** At most this many words on a line (a template's style may ask for it). */
  wordsPerLine?: number;
}

export interface FittedText {
  /** What is drawn: the text itself, or the shorter variant that was used. */
  text: string;
  lines: string[];
  fontPx: number;
  lineHeightPx: number;
  /** The widest line's advance and the lines' total height (lines × pitch). */
  width: number;
  height: number;
  /** false only when even the shortest variant at `minPx` overruns the box. */
  fits: boolean;
  shortened: boolean;
}

/**
 * Spaces made single; a line break the text has is kept (each paragraph wraps on its own), and so
 * is a no-break space ("1.299,00 €" as Intl writes it never breaks).
 */
const clean = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((p) => p.replace(/[^\S\u00A0\u202F]+/g, ' ').trim())
    .join('\n');

export function fitText(text: string, box: FitBox, o: FitOptions): FittedText {
  const measure: MeasureText = o.measure ?? ((t, px) => measureTextWidth(t, o.font ?? {}, px));
  const whole = clean(text);
  const variants = [whole, ...(o.shorter ?? []).map(clean).filter((v, i, all) => v && v !== whole && all.indexOf(v) === i)];
  const minPx = Math.min(o.minPx, o.maxPx);
  for (const [i, variant] of variants.entries()) {
    const found =
      largestFit(variant, box, { ...o, minPx }, measure, o.maxLines ?? Number.POSITIVE_INFINITY) ??
      // Still too long at the smallest size: more lines, if the box has the height for them.
      (o.maxLines !== undefined ? largestFit(variant, box, { ...o, minPx, maxPx: minPx }, measure, Number.POSITIVE_INFINITY) : null);
    if (found) return { ...found, shortened: i > 0 };
  }
  // Nothing fits anywhere: the shortest variant whole at the smallest size, over its box's height.
  const last = variants[variants.length - 1]!;
  const lines = wrap(paragraphs(last), minPx, box.width, measure, true, o.wordsPerLine)!;
  return { ...result(last, lines, minPx, o, measure), fits: false, shortened: variants.length > 1 };
}

/**
 * The text's units of wrapping: its words, except that a lone dash or bar stays with the word
 * before it (no line starts with one) and a number with its short unit ("2 lb", "24 h").
 */
function paragraphs(text: string): string[][] {
  return text.split('\n').map(words);
}

function words(paragraph: string): string[] {
  const out: string[] = [];
  for (const w of paragraph.split(' ').filter(Boolean)) {
    const before = out[out.length - 1];
    const dash = /^[-–—|·•/]+$/.test(w);
    const unit = before !== undefined && /^[$€£]?\d+(?:[.,/]\d+)*$/.test(before) && /^[\p{L}%°"'’]{1,3}[,.;:)]?$/u.test(w);
    if (before !== undefined && (dash || unit)) out[out.length - 1] = `${before} ${w}`;
    else out.push(w);
  }
  return out;
}

function largestFit(text: string, box: FitBox, o: FitOptions, measure: MeasureText, maxLines: number): Omit<FittedText, 'shortened'> | null {
  const ws = paragraphs(text);
  if (ws.every((p) => p.length === 0)) return { ...result('', [], o.maxPx, o, measure), fits: true };
  const pitch = o.lineHeight ?? 1.2;
  // Whole pixels from the largest size down; below one pixel apart sizes look the same.
  const sizes: number[] = [];
  for (let px = o.maxPx; px > o.minPx; px -= Math.max(0.5, Math.min(1, o.maxPx / 100))) sizes.push(px);
  sizes.push(o.minPx);
  for (const px of sizes) {
    const breakWords = px === o.minPx && !Number.isFinite(maxLines);
    const lines = wrap(ws, px, box.width, measure, breakWords, o.wordsPerLine);
    if (!lines || lines.length > maxLines) continue;
    if (lines.length * pitch * px + (o.extraEm ?? 0) * px > box.height + 1e-6) continue;
    const balanced =
      o.balance === false || lines.length < 2 || ws.length > 1 ? lines : balance(ws, px, box.width, lines.length, measure, breakWords, o.wordsPerLine);
    return { ...result(text, balanced, px, o, measure), fits: true };
  }
  return null;
}

function result(text: string, lines: string[], px: number, o: FitOptions, measure: MeasureText): Omit<FittedText, 'shortened' | 'fits'> {
  const lineHeightPx = (o.lineHeight ?? 1.2) * px;
  return {
    text,
    lines,
    fontPx: px,
    lineHeightPx,
    width: Math.max(0, ...lines.map((l) => measure(l, px))),
    height: lines.length * lineHeightPx,
  };
}

/**
 * Greedy lines no wider than `width`; null when a word alone is wider, unless `breakWords` (the
 * last resort at the smallest size): then such a word is split after a hyphen or slash, or else
 * between letters, so nothing of it is lost.
 */
function wrap(
  paras: readonly (readonly string[])[],
  px: number,
  width: number,
  measure: MeasureText,
  breakWords = false,
  wordsPerLine?: number,
): string[] | null {
  const lines: string[] = [];
  for (const para of paras) {
    const wrapped = wrapParagraph(para, px, width, measure, breakWords, wordsPerLine);
    if (!wrapped) return null;
    lines.push(...(wrapped.length > 0 ? wrapped : ['']));
  }
  return lines;
}

function wrapParagraph(ws: readonly string[], px: number, width: number, measure: MeasureText, breakWords: boolean, wordsPerLine?: number): string[] | null {
  const lines: string[] = [];
  let onLine = 0;
  for (const word of ws) {
    const pieces = measure(word, px) <= width ? [word] : breakWords ? splitWord(word, px, width, measure) : null;
    if (!pieces) return null;
    for (const [i, piece] of pieces.entries()) {
      const last = lines[lines.length - 1];
      // A broken word's pieces follow each other without a space; each starts a line but the first.
      const full = wordsPerLine !== undefined && onLine >= wordsPerLine;
      if (i > 0 || last === undefined || full || measure(`${last} ${piece}`, px) > width) {
        lines.push(piece);
        onLine = 1;
      } else {
        lines[lines.length - 1] = `${last} ${piece}`;
        onLine++;
      }
    }
  }
  return lines;
}

function splitWord(word: string, px: number, width: number, measure: MeasureText): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (measure(rest, px) > width && rest.length > 1) {
    let cut = rest.length - 1;
    while (cut > 1 && measure(rest.slice(0, cut), px) > width) cut--;
    // Prefer the last hyphen or slash inside what fits.
    const mark = Math.max(rest.lastIndexOf('-', cut - 1), rest.lastIndexOf('/', cut - 1));
    if (mark > 0) cut = mark + 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/** The narrowest width that still wraps into `count` lines: lines of even length, no lone last word. */
function balance(
  ws: readonly (readonly string[])[],
  px: number,
  width: number,
  count: number,
  measure: MeasureText,
  breakWords: boolean,
  wordsPerLine?: number,
): string[] {
  let lo = 0;
  let hi = width;
  let best = wrap(ws, px, width, measure, breakWords, wordsPerLine)!;
  // A word broken to fit the full width would break differently in a narrower one: kept as it is.
  if (breakWords && !wrap(ws, px, width, measure, false, wordsPerLine)) return best;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    const lines = wrap(ws, px, mid, measure, false, wordsPerLine);
    if (lines && lines.length <= count) {
      hi = mid;
      best = lines;
    } else lo = mid;
  }
  return best;
}
