import type { WordTiming } from '../../../core/timing.js';
import type { ScriptPattern } from '../../../domain/ad-clone/ad-analysis.js';

/** A pause this long between words ends a sentence when the recogniser gives no punctuation. */
export const SENTENCE_PAUSE_SECONDS = 0.45;

/** Words that make a sentence a call to action (checked in lower case). */
const CTA_WORDS = /\b(shop|buy|order|get|grab|try|click|tap|visit|link|bio|today|now|sign up|subscribe|download|save|claim|discover|join)\b/i;

const round = (v: number) => Math.round(v * 100) / 100;

/** Words → sentences: at . ! ? when the recogniser punctuates, else at pauses. */
export function sentencesOf(words: readonly WordTiming[]): WordTiming[][] {
  const punctuated = words.some((w) => /[.!?]$/.test(w.word));
  const out: WordTiming[][] = [];
  let current: WordTiming[] = [];
  words.forEach((w, i) => {
    current.push(w);
    const next = words[i + 1];
    const ends = punctuated ? /[.!?]$/.test(w.word) : next !== undefined && next.startSeconds - w.endSeconds >= SENTENCE_PAUSE_SECONDS;
    if (ends || !next) {
      out.push(current);
      current = [];
    }
  });
  return out;
}

/** The reference's script pattern: how many sentences, the hook (first sentence), the call to action (last, if it asks for one), the speaking rate. */
export function scriptPatternOf(words: readonly WordTiming[]): ScriptPattern {
  const sentences = sentencesOf(words);
  const text = (ws: WordTiming[]) => ws.map((w) => w.word).join(' ');
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  const spoken = words.length ? words[words.length - 1]!.endSeconds - words[0]!.startSeconds : 0;
  return {
    sentenceCount: sentences.length,
    hook: first ? { text: text(first), words: first.length, seconds: round(first[first.length - 1]!.endSeconds - first[0]!.startSeconds) } : null,
    callToAction: last && sentences.length > 1 && CTA_WORDS.test(text(last)) ? text(last) : null,
    wordsPerSecond: spoken > 0 ? round(words.length / spoken) : 0,
    sentences: sentences.map(text),
  };
}
