import { splitSentences } from './sentences.js';

/**
 * One engine call per sentence, so a long script becomes many short calls that run two at a time
 * and report progress. Whole sentences, not groups of them: every voice then starts each sentence
 * afresh after the joiner's sentence pause, and the offline recogniser of
 * `bench/intelligibility.ts` heard the middle voices far better that way (median word error of
 * the first eight 0.222 → 0.161 against the groups of up to 600 characters used before; README
 * "Voices: which to use"). A sentence longer than `maxChars` is cut at a comma or, failing that,
 * between words.
 */
export function chunkText(text: string, maxChars: number, opts: { wholeParagraphs?: boolean } = {}): string[] {
  return chunkSentences(splitSentences(text), maxChars, opts);
}

/** With `wholeParagraphs`, sentences are grouped up to `maxChars` instead (remote providers). */
export function chunkSentences(sentences: readonly string[], maxChars: number, opts: { wholeParagraphs?: boolean } = {}): string[] {
  const pieces = sentences.flatMap((sentence) => splitLongSentence(sentence, maxChars));
  if (!opts.wholeParagraphs) return pieces;
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + 1 + piece.length > maxChars) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLongSentence(sentence: string, maxChars: number): string[] {
  if (sentence.length <= maxChars) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const comma = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    const space = window.lastIndexOf(' ');
    const cut = comma > maxChars / 3 ? comma + 1 : space > 0 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
