import type { WordTiming } from '../../core/timing.js';
import type { ScriptLanguage } from './languages.js';

/**
 * Speaking rates of this machine's default voice per language, in spoken words per second of
 * audio (pauses between sentences included), measured over scripts the copywriter wrote
 * (`npx tsx bench/speaking-rate.ts`): festival's slt 3.07 for English, espeak-ng at its default
 * speed 2.95 (es), 3.44 (fr), 2.62 (de). A caller with a chosen voice passes that voice's own rate
 * (`wordsPerSecondFromTimings`); these are the fallback.
 */
export const DEFAULT_WORDS_PER_SECOND: Record<ScriptLanguage, number> = { en: 3.05, es: 2.95, fr: 3.4, de: 2.6 };

/**
 * Share of the video filled by speech. The rest covers the pauses between sentences and a short
 * silent end card, so a script sized by this budget ends inside its video.
 */
export const SPEECH_FILL = 0.9;

/** The script lengths the contract offers (`video_length`). */
export const VIDEO_LENGTHS_SECONDS = [15, 30, 45, 60] as const;

/** How many words a voice speaking `wordsPerSecond` gets through in a video of that length. */
export function scriptWordBudget(videoLengthSeconds: number, wordsPerSecond: number): number {
  if (!(videoLengthSeconds > 0)) throw new RangeError(`videoLengthSeconds must be positive, got ${videoLengthSeconds}`);
  if (!(wordsPerSecond > 0)) throw new RangeError(`wordsPerSecond must be positive, got ${wordsPerSecond}`);
  return Math.max(6, Math.round(videoLengthSeconds * wordsPerSecond * SPEECH_FILL));
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu;

/**
 * Words as a voice speaks them: a token with letters counts once; a number counts for the words
 * it is read as ("49.90" → forty-nine ninety, "1,299" → one thousand two hundred ninety-nine).
 */
export function countSpokenWords(text: string): number {
  let count = 0;
  for (const m of text.matchAll(WORD)) {
    const token = m[0].replace(/[.,'’-]+$/, '');
    if (/^\d[\d.,]*$/.test(token)) count += spokenNumberWords(token);
    else if (token) count += 1;
  }
  return count;
}

function spokenNumberWords(token: string): number {
  // "49.90" and "1,299" are read group by group; a 4+ digit group is one number.
  const groups = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(token)
    ? [token.replace(/,/g, '').split('.')[0]!, token.split('.')[1]].filter(Boolean)
    : token.split(/[.,]/).filter(Boolean);
  return Math.max(
    1,
    groups.reduce((sum, g) => sum + integerWords(Number(g)), 0),
  );
}

/** How many words an integer is read as in English ("3000" → three thousand → 2). */
function integerWords(n: number): number {
  if (!Number.isFinite(n) || n < 0) return 1;
  if (n < 21) return 1;
  if (n < 100) return n % 10 === 0 ? 1 : 2;
  if (n < 1000) return 2 + (n % 100 === 0 ? 0 : integerWords(n % 100));
  if (n < 1_000_000) return integerWords(Math.floor(n / 1000)) + 1 + (n % 1000 === 0 ? 0 : integerWords(n % 1000));
  return integerWords(Math.floor(n / 1_000_000)) + 1 + (n % 1_000_000 === 0 ? 0 : integerWords(n % 1_000_000));
}

/** Seconds a voice needs for the text at a rate, pauses excluded. */
export function estimateSpeechSeconds(text: string, wordsPerSecond: number): number {
  return countSpokenWords(text) / wordsPerSecond;
}

/**
 * A voice's measured rate from the word timings speech synthesis returns: words over the time
 * from the first word's start to the last word's end.
 */
export function wordsPerSecondFromTimings(words: readonly Pick<WordTiming, 'startSeconds' | 'endSeconds'>[]): number | null {
  if (words.length < 3) return null;
  const span = words[words.length - 1]!.endSeconds - words[0]!.startSeconds;
  return span > 0 ? words.length / span : null;
}
