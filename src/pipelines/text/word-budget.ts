import type { WordTiming } from '../../core/timing.js';
import type { ScriptLanguage } from './languages.js';

/**
 * Speaking rates of this machine's default voice per language, in spoken words per second of
 * audio (pauses between sentences included). English: RHVoice bdl at its ad pace on the scripts
 * the copywriter writes for the test product pages, 2.75–3.0 (`npx tsx bench/ad-pace.ts 6 30`:
 * spoken words over the speech's end); on a plain passage without numbers it runs faster, 3.5
 * (`npx tsx bench/voice-rates.ts en`, every voice). es, fr, de: espeak-ng at its default speed over
 * scripts the copywriter wrote (`npx tsx bench/speaking-rate.ts`): 2.95, 3.44, 2.62. A caller with
 * a chosen voice passes that voice's own rate (the video pipeline measures its first draft);
 * these are the fallback.
 */
export const DEFAULT_WORDS_PER_SECOND: Record<ScriptLanguage, number> = { en: 2.8, es: 2.95, fr: 3.4, de: 2.6 };

/**
 * Share of the video filled by speech. The voice runs into the end card (it says the call to
 * action over it), so what is left is the card holding a moment after the voice: 1.2 s, 8 % of a
 * 15 s ad, 2 % of a 60 s one. The pauses between sentences are in the measured rates.
 */
export const SPEECH_FILL = 0.95;

/** The script lengths the contract offers (`video_length`). */
export const VIDEO_LENGTHS_SECONDS = [15, 30, 45, 60] as const;

/**
 * Spoken words an ad of a contract length carries at an ad's pace (issue 27): a spoken ad runs
 * 140–170 words a minute of video. Below the floor an ad sounds thin (the old 30 s scripts had
 * 42–45 words); above the ceiling no voice says it in time.
 */
export const AD_WORDS_BY_LENGTH: readonly { seconds: number; min: number; max: number }[] = [
  { seconds: 15, min: 35, max: 45 },
  { seconds: 30, min: 70, max: 85 },
  { seconds: 45, min: 105, max: 125 },
  { seconds: 60, min: 140, max: 170 },
];

/** A length this close to a contract length is that length's ad (the video pipeline asks for its length less the end card). */
const SAME_LENGTH_SHARE = 0.1;

/**
 * The words an ad of this length carries: the contract length's range (a length within 10 % of
 * one counts as it), else the ranges interpolated and, outside them, scaled.
 */
export function adWordRange(videoLengthSeconds: number): { min: number; max: number } {
  const near = AD_WORDS_BY_LENGTH.find((r) => Math.abs(videoLengthSeconds - r.seconds) <= SAME_LENGTH_SHARE * r.seconds);
  if (near) return { min: near.min, max: near.max };
  const first = AD_WORDS_BY_LENGTH[0]!;
  const last = AD_WORDS_BY_LENGTH[AD_WORDS_BY_LENGTH.length - 1]!;
  const scaled = (r: typeof first) => ({
    min: Math.round((r.min * videoLengthSeconds) / r.seconds),
    max: Math.round((r.max * videoLengthSeconds) / r.seconds),
  });
  if (videoLengthSeconds <= first.seconds) return scaled(first);
  if (videoLengthSeconds >= last.seconds) return scaled(last);
  const upper = AD_WORDS_BY_LENGTH.findIndex((r) => r.seconds >= videoLengthSeconds);
  const a = AD_WORDS_BY_LENGTH[upper - 1]!;
  const b = AD_WORDS_BY_LENGTH[upper]!;
  const t = (videoLengthSeconds - a.seconds) / (b.seconds - a.seconds);
  return { min: Math.round(a.min + t * (b.min - a.min)), max: Math.round(a.max + t * (b.max - a.max)) };
}

/**
 * How many words the script of a video of that length gets: what the voice speaking
 * `wordsPerSecond` says in it, at most the ad's ceiling (a fast voice does not make a breathless
 * ad). At the default voices' rates that lands inside the ad's range; a slower voice, or a page
 * whose numbers take long to say (the video pipeline measures its drafts), gets fewer words,
 * because the video keeps the length asked for and the voice its tempo: nothing stretches the
 * speech or pads the end card.
 */
export function scriptWordBudget(videoLengthSeconds: number, wordsPerSecond: number): number {
  if (!(videoLengthSeconds > 0)) throw new RangeError(`videoLengthSeconds must be positive, got ${videoLengthSeconds}`);
  if (!(wordsPerSecond > 0)) throw new RangeError(`wordsPerSecond must be positive, got ${wordsPerSecond}`);
  const { max } = adWordRange(videoLengthSeconds);
  const atRate = Math.round(videoLengthSeconds * wordsPerSecond * SPEECH_FILL);
  return Math.max(6, Math.min(max, atRate));
}

const WORD = /([$€£¥]?)([\p{L}\p{N}][\p{L}\p{N}'’.,-]*)/gu;

/**
 * Words as a voice speaks them: a token with letters counts once; a number counts for the words
 * it is read as ("1,299" → one thousand two hundred ninety-nine, "4.7" → four point seven,
 * "$34.95" → thirty-four dollars and ninety-five cents).
 */
export function countSpokenWords(text: string): number {
  let count = 0;
  for (const m of text.matchAll(WORD)) {
    const token = m[2]!.replace(/[.,'’-]+$/, '');
    if (/^\d[\d.,]*$/.test(token)) count += spokenNumberWords(token) + numberJoinWords(token, m[1] !== '');
    else if (token) count += 1;
  }
  return count;
}

/** The words said around a number's parts: "point"; a price's "dollars" and, with cents, "and … cents". */
function numberJoinWords(token: string, isPrice: boolean): number {
  const hasFraction = /\.\d+$/.test(token);
  if (isPrice) return hasFraction && !/\.0+$/.test(token) ? 3 : 1;
  return hasFraction ? 1 : 0;
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
