import type { TrackedText } from './tracked-text.js';

/**
 * One stretch of the script as the screen shows it ("$34.95", "24 h", "Amazing!") and the words
 * the voice says for it ("thirty-four", "dollars", "and", "ninety-five", "cents"). The spoken words
 * are the engines' words (whitespace tokens with letters or digits, outer punctuation dropped).
 */
export interface SpokenUnit {
  display: string;
  words: string[];
}

interface Span {
  from: number;
  to: number;
}

/** Sentence punctuation around a shown token; `$`, `%`, `★`, `°`, `+` and `#` are part of what is read. */
const OUTER_PUNCTUATION = /^(?:[.,;:!?"'“”‘’()[\]{}…«»¡¿—–]|-(?!\d))+|[.,;:!?"'“”‘’()[\]{}…«»¡¿—–-]+$/gu;

export function displayToken(text: string): string {
  return text.replace(OUTER_PUNCTUATION, '');
}

export function spokenToken(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * The units of a rewritten text, in order. A spoken word belongs to the shown tokens its
 * characters came from (a rewritten stretch as a whole); words sharing a shown token are one
 * unit, so "12–24 h" is one unit of four spoken words and "Only" one of one.
 */
export function spokenUnits(text: TrackedText): SpokenUnit[] {
  const stretches = text.stretches();
  const display = stretches.map((s) => s.display).join('');
  const spoken = stretches.map((s) => s.spoken).join('');
  // Where each spoken character came from, as a range of the display.
  const origin: Span[] = [];
  let d = 0;
  for (const s of stretches) {
    for (let i = 0; i < s.spoken.length; i++) {
      origin.push(s.rewritten ? { from: d, to: d + s.display.length } : { from: d + i, to: d + i + 1 });
    }
    d += s.display.length;
  }
  const shown = tokens(display);
  const units: Array<{ first: number; last: number; words: string[] }> = [];
  for (const word of tokens(spoken)) {
    const spokenWord = spokenToken(spoken.slice(word.from, word.to));
    if (!/[\p{L}\p{N}]/u.test(spokenWord)) continue;
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (let i = word.from; i < word.to; i++) {
      from = Math.min(from, origin[i]!.from);
      to = Math.max(to, origin[i]!.to);
    }
    const hit = shown.flatMap((t, k) => (t.from < to && t.to > from ? [k] : []));
    const prev = units[units.length - 1];
    if (hit.length === 0) {
      // Inserted words with nothing shown under them go with the unit before (or start one).
      if (prev) prev.words.push(spokenWord);
      else units.push({ first: 0, last: -1, words: [spokenWord] });
      continue;
    }
    const first = hit[0]!;
    const last = hit[hit.length - 1]!;
    if (prev && prev.last >= first) {
      prev.last = Math.max(prev.last, last);
      prev.words.push(spokenWord);
    } else {
      units.push({ first, last, words: [spokenWord] });
    }
  }
  return units.map((u) => ({
    display: u.last >= u.first ? displayToken(display.slice(shown[u.first]!.from, shown[u.last]!.to)) : u.words.join(' '),
    words: u.words,
  }));
}

function tokens(text: string): Span[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
}
