import type { PhoneTiming, WordTiming } from '../../core/timing.js';

/**
 * Gives words the times of their phones. `timed` is the engine's phone sequence for the running
 * text (pauses removed); `perWord` is each word's phones as the engine says them in isolation.
 * Context changes a few phones ("a" is "ey" alone, "ax" in a sentence), so the two sequences
 * are aligned by edit distance rather than counted off.
 */
export function alignPhonesToWords(timed: readonly PhoneTiming[], perWord: ReadonlyArray<readonly string[]>, words: readonly string[]): WordTiming[] {
  const owner: number[] = [];
  const isolated: string[] = [];
  perWord.forEach((phones, w) => {
    for (const p of phones) {
      isolated.push(p);
      owner.push(w);
    }
  });
  const n = timed.length;
  const m = isolated.length;
  // Plain Levenshtein table; chunks are a few hundred phones, so n*m stays small.
  const cost = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = 0; i <= n; i++) cost[i]![0] = i;
  for (let j = 0; j <= m; j++) cost[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = cost[i - 1]![j - 1]! + (timed[i - 1]!.phone === isolated[j - 1] ? 0 : 1);
      cost[i]![j] = Math.min(sub, cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1);
    }
  }
  // Walk back, giving every timed phone the word of the isolated phone it lines up with.
  const wordOfTimed = new Array<number>(n).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[i]![j]!;
    if (here === cost[i - 1]![j - 1]! + (timed[i - 1]!.phone === isolated[j - 1] ? 0 : 1)) {
      wordOfTimed[i - 1] = owner[j - 1]!;
      i--;
      j--;
    } else if (here === cost[i - 1]![j]! + 1) {
      // An extra phone in running speech belongs with the word of its neighbour.
      wordOfTimed[i - 1] = owner[Math.max(0, j - 1)] ?? 0;
      i--;
    } else j--;
  }
  for (let k = 0; k < i; k++) wordOfTimed[k] = 0;

  const spans = words.map(() => ({ start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY }));
  wordOfTimed.forEach((w, k) => {
    const span = spans[w];
    if (!span) return;
    span.start = Math.min(span.start, timed[k]!.startSeconds);
    span.end = Math.max(span.end, timed[k]!.endSeconds);
  });
  // A word whose phones all vanished in context (rare) gets a zero-length slot at its neighbour's edge.
  let cursor = timed[0]?.startSeconds ?? 0;
  return words.map((word, w) => {
    const span = spans[w]!;
    if (!Number.isFinite(span.start)) return { word, startSeconds: cursor, endSeconds: cursor };
    cursor = span.end;
    return { word, startSeconds: span.start, endSeconds: span.end };
  });
}
