import { hasSpeakableContent } from '../../../domain/speech/speakable-text.js';
import { chunkSentences } from './chunks.js';
import { speakEnglish } from './normalize-english.js';
import { speakOtherLanguage } from './normalize-es-fr-de.js';
import { splitSentences } from './sentences.js';
import { spokenUnits, type SpokenUnit } from './spoken-units.js';
import { TrackedText } from './tracked-text.js';

/** The longest piece one engine call speaks: a sentence longer than this is cut at a comma. */
export const DEFAULT_CHUNK_CHARS = 600;

export interface PreparedSpeech {
  /** What each engine call is given. */
  chunks: string[];
  /** The script as shown, stretch by stretch, with the words the voice says for each (all chunks, in order). */
  units: SpokenUnit[];
}

/**
 * One sentence made speakable in its language: English fully (numbers as words), Spanish, French
 * and German symbols and units as words (their engine reads digits itself); other languages as written.
 */
export function speakSentence(sentence: string, language: string): TrackedText {
  const text = new TrackedText(sentence);
  const primary = language.toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return speakEnglish(text);
  if (primary === 'es' || primary === 'fr' || primary === 'de') return speakOtherLanguage(text, primary);
  return text;
}

/**
 * Script → speakable chunks and what the screen shows for their words. Sentences are found in
 * the original text (where "Dr." and "3.5" still show what they are), then made speakable.
 */
export function prepareSpeech(text: string, opts: { language: string; maxChars?: number; wholeParagraphs?: boolean }): PreparedSpeech {
  const spoken = splitSentences(text)
    .map((sentence) => speakSentence(sentence, opts.language))
    .filter((t) => hasSpeakableContent(t.spoken));
  return {
    chunks: chunkSentences(
      spoken.map((t) => t.spoken),
      opts.maxChars ?? DEFAULT_CHUNK_CHARS,
      { wholeParagraphs: opts.wholeParagraphs },
    ),
    units: spoken.flatMap(spokenUnits),
  };
}

/** What the screen shows for the words the voice says, for `attachShownWords`. */
export function speechUnits(text: string, language: string): SpokenUnit[] {
  return prepareSpeech(text, { language }).units;
}

export function prepareSpeechChunks(text: string, opts: { language: string; maxChars?: number; wholeParagraphs?: boolean }): string[] {
  return prepareSpeech(text, opts).chunks;
}
