import { splitSentences } from '../../speech/text/sentences.js';
import type { ScriptLanguage } from '../languages.js';
import { STOP_WORDS, wordTokens } from '../stop-words.js';

export interface ScoredSentence {
  index: number;
  text: string;
  score: number;
}

export interface SummaryOptions {
  /** How many sentences; default about a third of the text, between one and five. */
  sentences?: number;
  /** An upper bound on the summary's length in words (from max_output_tokens). */
  maxWords?: number;
  /** Words that matter more (a title); sentences sharing them score higher. */
  focus?: string;
}

/** A crude stem: enough to count "lamps" and "lamp" together. */
function stem(word: string): string {
  return word.length > 4 ? word.replace(/(ies|es|s|en|e)$/u, '') : word;
}

function contentWords(sentence: string, language: ScriptLanguage): string[] {
  return wordTokens(sentence)
    .filter((w) => w.length > 2 && !STOP_WORDS[language].has(w))
    .map(stem);
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size);
}

/**
 * Scores every sentence: the mean document frequency of its content words (normalised by the most
 * frequent word), a bonus for the opening sentence and for words of the focus, and a penalty for
 * fragments of under five words.
 */
export function scoreSentences(text: string, language: ScriptLanguage, focus = ''): ScoredSentence[] {
  const sentences = splitSentences(text.replace(/\s+/g, ' ').trim());
  const words = sentences.map((s) => contentWords(s, language));
  const freq = new Map<string, number>();
  for (const ws of words) for (const w of new Set(ws)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const maxFreq = Math.max(1, ...freq.values());
  const focusWords = new Set(contentWords(focus, language));
  return sentences.map((sentence, index) => {
    const ws = words[index]!;
    const unique = new Set(ws);
    let score = ws.length ? [...unique].reduce((sum, w) => sum + freq.get(w)! / maxFreq, 0) / Math.sqrt(unique.size) : 0;
    if (index === 0) score += 0.25;
    score += 0.5 * overlap(unique, focusWords);
    if (sentence.split(/\s+/).length < 5) score *= 0.5;
    return { index, text: sentence, score: Math.round(score * 1000) / 1000 };
  });
}

/**
 * An extractive summary: the best-scoring sentences, skipping any that repeat one already taken
 * (more than half their content words shared), given back in their original order.
 */
export function summarise(text: string, language: ScriptLanguage, opts: SummaryOptions = {}): ScoredSentence[] {
  const scored = scoreSentences(text, language, opts.focus);
  if (!scored.length) return [];
  const wanted = Math.max(1, Math.min(scored.length, opts.sentences ?? Math.min(5, Math.max(1, Math.round(scored.length / 3)))));
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: ScoredSentence[] = [];
  const chosenWords: Set<string>[] = [];
  let words = 0;
  for (const s of ranked) {
    if (chosen.length >= wanted) break;
    const ws = new Set(contentWords(s.text, language));
    if (chosenWords.some((c) => overlap(c, ws) > 0.5)) continue;
    const n = s.text.split(/\s+/).length;
    if (opts.maxWords !== undefined && words + n > opts.maxWords && chosen.length > 0) continue;
    chosen.push(s);
    chosenWords.push(ws);
    words += n;
  }
  return chosen.sort((a, b) => a.index - b.index);
}
