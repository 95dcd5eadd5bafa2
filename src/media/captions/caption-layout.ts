import type { WordTiming } from '../../core/timing.js';

export interface CaptionPage {
  /** Lines of words, top to bottom. */
  lines: WordTiming[][];
  startSeconds: number;
  endSeconds: number;
}

export interface LayoutOptions {
  fontSizePx: number;
  maxWidthPx: number;
  maxLines: number;
  uppercase: boolean;
  bold: boolean;
  /** One word per page (word-by-word looks). */
  singleWord: boolean;
}

/** A pause this long starts a new page, so a caption never hangs over silence. */
const PAGE_BREAK_PAUSE_SECONDS = 0.7;
/** Pages closer than this are joined end to start, so captions do not flicker. */
const BRIDGE_GAP_SECONDS = 0.5;
const LINGER_SECONDS = 0.25;

/**
 * Splits timed words into pages of at most `maxLines` lines that fit `maxWidthPx`. A page also
 * ends after a sentence and at a pause.
 */
export function paginateWords(words: readonly WordTiming[], opts: LayoutOptions): CaptionPage[] {
  const clean = words
    .filter((w) => w.word.trim() !== '' && Number.isFinite(w.startSeconds) && Number.isFinite(w.endSeconds))
    .map((w) => ({ word: w.word.trim(), startSeconds: w.startSeconds, endSeconds: Math.max(w.endSeconds, w.startSeconds) }))
    .sort((a, b) => a.startSeconds - b.startSeconds);

  const pages: WordTiming[][][] = [];
  let lines: WordTiming[][] = [];
  let previous: WordTiming | undefined;

  for (const word of clean) {
    const pause = previous ? word.startSeconds - previous.endSeconds : 0;
    const sentenceEnded = previous ? /[.!?…]["')\]]*$/.test(previous.word) : false;
    const pageStarted = lines.length > 0;
    if (pageStarted && (opts.singleWord || pause >= PAGE_BREAK_PAUSE_SECONDS || sentenceEnded)) {
      pages.push(lines);
      lines = [];
    }
    const current = lines[lines.length - 1];
    if (current && lineWidthPx([...current, word], opts) <= opts.maxWidthPx) {
      current.push(word);
    } else if (lines.length < opts.maxLines) {
      lines.push([word]);
    } else {
      pages.push(lines);
      lines = [[word]];
    }
    previous = word;
  }
  if (lines.length > 0) pages.push(lines);

  return pages.map((pageLines, i) => {
    const flat = pageLines.flat();
    const start = flat[0]!.startSeconds;
    const lastEnd = Math.max(...flat.map((w) => w.endSeconds));
    const nextStart = pages[i + 1]?.[0]?.[0]?.startSeconds;
    let end = lastEnd + LINGER_SECONDS;
    if (nextStart !== undefined) end = nextStart - lastEnd <= BRIDGE_GAP_SECONDS ? nextStart : Math.min(end, nextStart);
    return { lines: pageLines, startSeconds: start, endSeconds: Math.max(end, start + 0.05) };
  });
}

/**
 * Estimated rendered width. Real glyph metrics would need the font at plan time; an average
 * advance per character is close enough to keep lines inside max_width with some margin.
 */
export function lineWidthPx(words: readonly WordTiming[], opts: Pick<LayoutOptions, 'fontSizePx' | 'uppercase' | 'bold'>): number {
  const text = words.map((w) => w.word).join(' ');
  return textWidthPx(text, opts);
}

export function textWidthPx(text: string, opts: Pick<LayoutOptions, 'fontSizePx' | 'uppercase' | 'bold'>): number {
  const perChar = (opts.uppercase ? 0.7 : 0.58) * (opts.bold ? 1.06 : 1);
  let units = 0;
  for (const ch of text) {
    if (ch === ' ') units += 0.3;
    else if (/[iljtf.,:;'!|]/.test(ch) && !opts.uppercase) units += perChar * 0.55;
    else if (/[mwMW]/.test(ch)) units += perChar * 1.45;
    else units += perChar;
  }
  return units * opts.fontSizePx;
}
