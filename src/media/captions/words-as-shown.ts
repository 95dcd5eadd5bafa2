import type { WordTiming } from '../../core/timing.js';

/**
 * Timed words as the screen shows them: the spoken words of one stretch of script become one
 * word with its written form, timed from the first to the last ("thirty-four … cents" →
 * "$34.95"), so a karaoke caption lights "$34.95" for as long as it is being said. Words without
 * a `shown` form show themselves; a number a recogniser split ("$34" ".95") is joined.
 */
export function wordsAsShown(words: readonly WordTiming[]): WordTiming[] {
  const out: WordTiming[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (w.shown === '' && prev) {
      prev.endSeconds = Math.max(prev.endSeconds, w.endSeconds);
      continue;
    }
    // A transcript's number split in two ("$34" ".95", "20" "%", Whisper's word timings) is one.
    if (prev && /\d$/.test(prev.word) && /^(?:[.,]\d+|%)$/.test(w.word)) {
      prev.word += w.word;
      prev.endSeconds = Math.max(prev.endSeconds, w.endSeconds);
      continue;
    }
    out.push({ word: w.shown || w.word, startSeconds: w.startSeconds, endSeconds: w.endSeconds });
  }
  return out;
}

/**
 * Upper case for caption looks that shout, except where a word carries a number: "32 oz",
 * "5000mAh" and "4.7★" are read as written, not as "32 OZ".
 */
export function upperCaseShown(word: string): string {
  return /\d/.test(word) ? word : word.toUpperCase();
}
