import type { WordTiming } from '../../../core/timing.js';
import type { TimedViseme, Viseme } from './viseme-set.js';

/**
 * When an engine gives only word timings (a remote provider), each word's mouths are guessed from
 * its spelling: letter groups that usually make one sound, then single letters. Good enough for a
 * drawn mouth; vowels get twice a consonant's time, as they do in speech.
 */
interface Grapheme {
  viseme: Viseme;
  vowel: boolean;
  weight?: number;
}

/** Longest first: "igh" before "ig", "th" before "t". */
const GROUPS: Array<[string, Grapheme[]]> = [
  ['igh', [{ viseme: 'AI', vowel: true }]],
  ['tch', [{ viseme: 'etc', vowel: false }]],
  ['ough', [{ viseme: 'O', vowel: true }]],
  ['th', [{ viseme: 'etc', vowel: false }]],
  ['sh', [{ viseme: 'etc', vowel: false }]],
  ['ch', [{ viseme: 'etc', vowel: false }]],
  ['ck', [{ viseme: 'etc', vowel: false, weight: 0.8 }]],
  ['ng', [{ viseme: 'etc', vowel: false }]],
  ['ph', [{ viseme: 'FV', vowel: false }]],
  ['wh', [{ viseme: 'WQ', vowel: false }]],
  [
    'qu',
    [
      { viseme: 'etc', vowel: false },
      { viseme: 'WQ', vowel: false },
    ],
  ],
  ['oo', [{ viseme: 'U', vowel: true }]],
  ['ee', [{ viseme: 'E', vowel: true }]],
  ['ea', [{ viseme: 'E', vowel: true }]],
  ['ie', [{ viseme: 'E', vowel: true }]],
  [
    'ai',
    [
      { viseme: 'AI', vowel: true },
      { viseme: 'E', vowel: true, weight: 0.8 },
    ],
  ],
  [
    'ay',
    [
      { viseme: 'AI', vowel: true },
      { viseme: 'E', vowel: true, weight: 0.8 },
    ],
  ],
  [
    'ou',
    [
      { viseme: 'AI', vowel: true },
      { viseme: 'U', vowel: true, weight: 0.8 },
    ],
  ],
  [
    'ow',
    [
      { viseme: 'O', vowel: true },
      { viseme: 'U', vowel: true, weight: 0.8 },
    ],
  ],
  [
    'oi',
    [
      { viseme: 'O', vowel: true },
      { viseme: 'E', vowel: true, weight: 0.8 },
    ],
  ],
  [
    'oy',
    [
      { viseme: 'O', vowel: true },
      { viseme: 'E', vowel: true, weight: 0.8 },
    ],
  ],
  ['au', [{ viseme: 'O', vowel: true }]],
  ['aw', [{ viseme: 'O', vowel: true }]],
];

const LETTERS: Record<string, Grapheme> = {
  a: { viseme: 'AI', vowel: true },
  e: { viseme: 'E', vowel: true },
  i: { viseme: 'AI', vowel: true, weight: 0.8 },
  o: { viseme: 'O', vowel: true },
  u: { viseme: 'U', vowel: true },
  y: { viseme: 'E', vowel: true, weight: 0.8 },
  b: { viseme: 'MBP', vowel: false },
  m: { viseme: 'MBP', vowel: false },
  p: { viseme: 'MBP', vowel: false },
  f: { viseme: 'FV', vowel: false },
  v: { viseme: 'FV', vowel: false },
  l: { viseme: 'L', vowel: false },
  w: { viseme: 'WQ', vowel: false },
  r: { viseme: 'WQ', vowel: false, weight: 0.6 },
  h: { viseme: 'etc', vowel: false, weight: 0.9 },
};

/** Latin letters with their accents removed ("é" → "e"), lower case; other scripts are kept. */
function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A word's mouths in order. */
export function graphemesOf(word: string): Grapheme[] {
  const w = foldWord(word).replace(/[^\p{L}\p{N}]/gu, '');
  const accentedFinal = /[\u00e8-\u00eb]$/i.test(word.normalize('NFC').replace(/[^\p{L}\p{N}]/gu, ''));
  const out: Grapheme[] = [];
  let i = 0;
  while (i < w.length) {
    const group = GROUPS.find(([g]) => w.startsWith(g, i));
    if (group) {
      out.push(...group[1]);
      i += group[0].length;
      continue;
    }
    const c = w[i]!;
    // A final "e" after a consonant is silent in English spelling ("make", "hope").
    const silentE = c === 'e' && i === w.length - 1 && w.length > 2 && !accentedFinal && !LETTERS[w[i - 1]!]?.vowel;
    if (silentE) {
      i++;
      continue;
    }
    // A doubled consonant is one sound ("ll", "tt").
    if (i > 0 && w[i - 1] === c && !LETTERS[c]?.vowel) {
      i++;
      continue;
    }
    if (LETTERS[c]) out.push(LETTERS[c]!);
    else if (/[a-z]/.test(c)) out.push({ viseme: 'etc', vowel: false });
    else if (/\p{N}/u.test(c)) out.push({ viseme: 'AI', vowel: true, weight: 0.7 }, { viseme: 'etc', vowel: false });
    // Other scripts: no spelling rules here, so letters alternate between an open and a half-open mouth.
    else out.push(out.length % 2 === 0 ? { viseme: 'AI', vowel: true, weight: 0.8 } : { viseme: 'etc', vowel: false });
    i++;
  }
  return out;
}

/** Word timings → timed visemes, each word's time shared by its letter groups (vowels ×2). */
export function visemesFromWords(words: readonly WordTiming[]): TimedViseme[] {
  const out: TimedViseme[] = [];
  for (const w of words) {
    const span = w.endSeconds - w.startSeconds;
    if (!(span > 0)) continue;
    const graphemes = graphemesOf(w.word);
    if (graphemes.length === 0) continue;
    const units = graphemes.map((g) => (g.vowel ? 2 : 1));
    const total = units.reduce((a, b) => a + b, 0);
    let t = w.startSeconds;
    graphemes.forEach((g, k) => {
      const end = k === graphemes.length - 1 ? w.endSeconds : t + (span * units[k]!) / total;
      out.push({ viseme: g.viseme, start: t, end, ...(g.weight !== undefined ? { weight: g.weight } : {}) });
      t = end;
    });
  }
  return out;
}
