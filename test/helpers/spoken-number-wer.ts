/**
 * Scoring a voice on numbers: the script and what Whisper heard are both made speakable by the
 * service's own English normaliser, so "$34.95" in the script and "$34.95" (or "34 dollars and 95
 * cents") in the transcript are the same words, and a number said wrong is a word error.
 */
import { normalizeEnglish } from '../../src/pipelines/speech/text/normalize-english.js';

/** Whisper writes "$34.95" as "$34 .95", "11:59 pm" as "11 .59 pm" and "4K" as "4k"; read them as written. */
function joinWhisperNumbers(heard: string): string {
  return heard
    .replace(/\b(\d{1,2}) \.(\d{2}) ?([ap]m)\b/gi, '$1:$2 $3')
    .replace(/(\d) \.(\d)/g, '$1.$2')
    .replace(/(\d) ,(\d{3})/g, '$1,$2')
    .replace(/\b([48])k\b/g, '$1K');
}

export function spokenWords(text: string): string[] {
  return normalizeEnglish(text)
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

export function heardWords(transcript: string): string[] {
  return spokenWords(joinWhisperNumbers(transcript));
}

/**
 * Word errors (substitutions, deletions, insertions) charged to each reference word: an
 * insertion goes to the reference word before it. Sum them over a sentence for its errors.
 */
export function errorsPerReferenceWord(reference: readonly string[], hypothesis: readonly string[]): number[] {
  const n = reference.length;
  const m = hypothesis.length;
  const d = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
  }
  const errors = new Array<number>(n).fill(0);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1)) {
      if (reference[i - 1] !== hypothesis[j - 1]) errors[i - 1]!++;
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      errors[i - 1]!++;
      i--;
    } else {
      errors[Math.max(0, i - 1)]! += n > 0 ? 1 : 0;
      j--;
    }
  }
  return errors;
}

export interface SentenceScore {
  sentence: string;
  words: number;
  errors: number;
}

/** Each sentence's words and errors, from one transcript of the sentences spoken in order. */
export function scoreSentences(sentences: readonly string[], transcript: string): SentenceScore[] {
  const perSentence = sentences.map(spokenWords);
  const errors = errorsPerReferenceWord(perSentence.flat(), heardWords(transcript));
  let at = 0;
  return sentences.map((sentence, k) => {
    const words = perSentence[k]!.length;
    const sum = errors.slice(at, at + words).reduce((a, b) => a + b, 0);
    at += words;
    return { sentence, words, errors: sum };
  });
}

export function wordErrorRateOf(scores: readonly SentenceScore[]): number {
  const words = scores.reduce((a, s) => a + s.words, 0);
  return scores.reduce((a, s) => a + s.errors, 0) / Math.max(1, words);
}
