import type { WordTiming } from '../../../core/timing.js';
import type { ScriptPattern } from '../../../domain/ad-clone/ad-analysis.js';

/** A pause this long between words ends a sentence when the recogniser gives no punctuation. */
export const SENTENCE_PAUSE_SECONDS = 0.45;

/** Words that make a sentence a call to action (checked in lower case). */
const CTA_WORDS = /\b(shop|buy|order|get|grab|try|click|tap|visit|link|bio|today|now|sign up|subscribe|download|save|claim|discover|join)\b/i;

const round = (v: number) => Math.round(v * 100) / 100;

/** A sentence longer than this is a run-on the recogniser did not stop (commas only): it is split at its clauses. */
export const MAX_SENTENCE_WORDS = 18;
/** A clause split off a run-on has at least this many words. */
const MIN_CLAUSE_WORDS = 4;

/**
 * A run-on sentence split at its clauses (words ending in , ; :) into parts of `MIN_CLAUSE_WORDS`
 * or more; a part still too long is split at its longest pause. Whisper often punctuates a whole
 * voiceover with commas and one full stop: read as one sentence, it had no call to action.
 */
function clausesOf(sentence: WordTiming[]): WordTiming[][] {
  if (sentence.length <= MAX_SENTENCE_WORDS) return [sentence];
  const parts: WordTiming[][] = [];
  let current: WordTiming[] = [];
  for (const [i, w] of sentence.entries()) {
    current.push(w);
    const rest = sentence.length - i - 1;
    if (/[,;:]$/.test(w.word) && current.length >= MIN_CLAUSE_WORDS && rest >= MIN_CLAUSE_WORDS) {
      parts.push(current);
      current = [];
    }
  }
  if (current.length) parts.push(current);
  return parts.flatMap((part) => {
    if (part.length <= MAX_SENTENCE_WORDS) return [part];
    const gapBefore = (i: number) => part[i]!.startSeconds - part[i - 1]!.endSeconds;
    let cut = MIN_CLAUSE_WORDS;
    for (let i = MIN_CLAUSE_WORDS + 1; i <= part.length - MIN_CLAUSE_WORDS; i++) if (gapBefore(i) > gapBefore(cut)) cut = i;
    return [...clausesOf(part.slice(0, cut)), ...clausesOf(part.slice(cut))];
  });
}

/** Words → sentences: at . ! ? when the recogniser punctuates, else at pauses; run-ons split at their clauses. */
export function sentencesOf(words: readonly WordTiming[]): WordTiming[][] {
  return plainSentencesOf(words).flatMap(clausesOf);
}

function plainSentencesOf(words: readonly WordTiming[]): WordTiming[][] {
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
