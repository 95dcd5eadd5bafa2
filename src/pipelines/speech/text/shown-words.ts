import type { WordTiming } from '../../../core/timing.js';
import { displayToken, type SpokenUnit } from './spoken-units.js';

/** Longer scripts than this many word pairs keep the spoken words on screen rather than align them. */
const MAX_ALIGNMENT_CELLS = 4_000_000;

const comparable = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Marks the engine's timed words with what the screen shows (`WordTiming.shown`): the first
 * word of "thirty-four dollars and ninety-five cents" shows "$34.95", the next four continue it.
 * Engines time the words of the text they were given, so the words usually match the units one
 * for one; when an engine splits or drops a word they are matched by spelling, and a word
 * matched to nothing shows itself.
 */
export function attachShownWords(words: readonly WordTiming[], units: readonly SpokenUnit[]): WordTiming[] {
  const expected = units.flatMap((unit) =>
    unit.words.map((word, i) => {
      const display = displayToken(unit.display);
      const same = unit.words.length === 1 && display === word;
      return same ? undefined : i === 0 ? display : '';
    }),
  );
  const spokenWords = units.flatMap((u) => u.words);
  const match = matchWords(words, spokenWords);
  return words.map((w, i) => {
    const k = match[i];
    const shown = k === undefined || k < 0 ? undefined : expected[k];
    // A continuation whose unit's first word was not matched shows itself instead.
    if (shown === '' && (i === 0 || match[i - 1] !== k! - 1)) return { ...w };
    return shown === undefined ? { ...w } : { ...w, shown };
  });
}

/**
 * Word for word when the spellings agree; otherwise by spelling. An engine that spells every word
 * its own way (none agree) but times as many words as were given is still taken word for word.
 */
function matchWords(words: readonly WordTiming[], expected: readonly string[]): number[] {
  const inOrder = words.map((_, i) => i);
  if (words.length === expected.length && words.every((w, i) => comparable(w.word) === comparable(expected[i]!))) return inOrder;
  const aligned = alignBySpelling(words, expected);
  const matched = aligned.filter((k) => k >= 0).length;
  return words.length === expected.length && matched < words.length / 2 ? inOrder : aligned;
}

/** For each timed word, the index of the unit word it is (−1 for none), by edit distance over spellings. */
function alignBySpelling(words: readonly WordTiming[], expected: readonly string[]): number[] {
  const n = words.length;
  const m = expected.length;
  if (n * m > MAX_ALIGNMENT_CELLS) return words.map(() => -1);
  const a = words.map((w) => comparable(w.word));
  const b = expected.map(comparable);
  const cost = Array.from({ length: n + 1 }, (_, i) => new Uint32Array(m + 1).fill(0).map((_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      cost[i]![j] = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  const out = new Array<number>(n).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const diagonal = cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
    if (cost[i]![j] === diagonal) {
      if (a[i - 1] === b[j - 1]) out[i - 1] = j - 1;
      i--;
      j--;
    } else if (cost[i]![j] === cost[i - 1]![j]! + 1) {
      i--;
    } else {
      j--;
    }
  }
  return out;
}
