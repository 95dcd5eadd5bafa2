import { splitSentences } from './sentences.js';

/**
 * Groups sentences into chunks of at most `maxChars`, so a long script becomes a few engine calls
 * that can run in parallel and report progress. Chunks end at sentence ends; a sentence that is
 * longer than a chunk is cut at a comma or, failing that, between words.
 */
export function chunkText(text: string, maxChars: number): string[] {
  return chunkSentences(splitSentences(text), maxChars);
}

export function chunkSentences(sentences: readonly string[], maxChars: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    for (const piece of splitLongSentence(sentence, maxChars)) {
      if (current && current.length + 1 + piece.length > maxChars) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current} ${piece}` : piece;
    }
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
