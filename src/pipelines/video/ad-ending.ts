import type { WordTiming } from '../../core/timing.js';
import { speechUnits } from '../speech/text/prepare-text.js';

/**
 * How long the end card stays after the voice: long enough to read the price and take a breath
 * (`min`), aimed at `target` when the script is sized, and at most `max` — past that the card
 * would be padding, and the video comes out shorter instead.
 */
export const CARD_HOLD_SECONDS = { min: 0.6, target: 1.2, max: 2.5 } as const;
/** Without a call to action the video ends a breath after the voice. */
export const TAIL_SECONDS = 0.3;

/** The end card's own length when it follows the speech (a client's script with no closing paragraph): 12 % of the ad, 2–3 s. */
export function ownEndCardSeconds(videoLengthSeconds: number): number {
  return Math.min(3, Math.max(2, videoLengthSeconds * 0.12));
}

/** The seconds of speech a script is sized to: the asked length less what the video shows after the voice. */
export function speechBudgetSeconds(p: { videoLengthSeconds: number; hasCta: boolean; closingOverCard: boolean }): number {
  if (!p.hasCta) return p.videoLengthSeconds - TAIL_SECONDS;
  if (p.closingOverCard) return p.videoLengthSeconds - CARD_HOLD_SECONDS.target;
  return p.videoLengthSeconds - ownEndCardSeconds(p.videoLengthSeconds) - TAIL_SECONDS;
}

/**
 * How an ad ends. The closing paragraph (the call to action) is said over the end card, as a
 * spoken ad does: the card comes up in the beat before it and holds after the voice, and the hold
 * (within `CARD_HOLD_SECONDS`) takes up the drafts' small miss so the video is the asked length.
 * Never more: a script that falls short makes a shorter video, not a longer silent card. A script
 * without a closing paragraph gets the card after its speech at the card's own length; without a
 * call to action the video ends a breath after the voice.
 */
export function videoEnding(p: {
  speechEndSeconds: number;
  /** Where the closing paragraph's beat is (`closingStartSeconds`); null when the script has none. */
  closingStartSeconds: number | null;
  videoLengthSeconds: number;
  hasCta: boolean;
}): { durationSeconds: number; endCardSeconds: number } {
  if (!p.hasCta) return { durationSeconds: round(p.speechEndSeconds + TAIL_SECONDS), endCardSeconds: 0 };
  if (p.closingStartSeconds === null) {
    const card = ownEndCardSeconds(p.videoLengthSeconds);
    return { durationSeconds: round(p.speechEndSeconds + TAIL_SECONDS + card), endCardSeconds: card };
  }
  const hold = Math.min(CARD_HOLD_SECONDS.max, Math.max(CARD_HOLD_SECONDS.min, p.videoLengthSeconds - p.speechEndSeconds));
  const durationSeconds = round(p.speechEndSeconds + hold);
  return { durationSeconds, endCardSeconds: round(durationSeconds - p.closingStartSeconds) };
}

/**
 * Where the script's closing paragraph starts in the speech: the middle of the beat before it.
 * The closing paragraph is the last of two or more; its spoken words (as the voice reads them,
 * numbers in full) are the last ones timed, and the widest gap within two words of that boundary
 * is the beat (the engine may split or join a word). Null for a one-paragraph script.
 */
export function closingStartSeconds(words: readonly WordTiming[], script: string, language: string): number | null {
  const paragraphs = script.split(/\n[ \t]*\n/).filter((p) => p.trim());
  if (paragraphs.length < 2) return null;
  const closingWords = speechUnits(paragraphs.at(-1)!, language).flatMap((u) => u.words).length;
  const boundary = words.length - closingWords;
  if (closingWords === 0 || boundary < 1) return null;
  let best = -1;
  let widest = -Infinity;
  for (let i = Math.max(1, boundary - 2); i <= Math.min(words.length - 1, boundary + 2); i++) {
    const gap = words[i]!.startSeconds - words[i - 1]!.endSeconds;
    if (gap > widest) {
      widest = gap;
      best = i;
    }
  }
  return best < 0 ? null : round((words[best - 1]!.endSeconds + words[best]!.startSeconds) / 2);
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
