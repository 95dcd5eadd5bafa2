import { hasSpeakableContent } from '../../../domain/speech/speakable-text.js';
import { chunkSentences } from './chunks.js';
import { normalizeEnglish } from './normalize-english.js';
import { splitSentences } from './sentences.js';

/** The longest piece one engine call speaks: a sentence longer than this is cut at a comma. */
export const DEFAULT_CHUNK_CHARS = 600;

/**
 * Script → speakable chunks. Sentences are found in the original text (where "Dr." and "3.5"
 * still show what they are), then English sentences are normalised; other languages are left to
 * the engine, which reads numbers in its own language.
 */
export function prepareSpeechChunks(text: string, opts: { language: string; maxChars?: number; wholeParagraphs?: boolean }): string[] {
  const sentences = splitSentences(text);
  const speakable = opts.language === 'en' ? sentences.map(normalizeEnglish) : sentences;
  return chunkSentences(speakable.filter(hasSpeakableContent), opts.maxChars ?? DEFAULT_CHUNK_CHARS, { wholeParagraphs: opts.wholeParagraphs });
}
