import { prepareSpeechChunks } from './text/prepare-text.js';

/**
 * The text's chunks, and the one that opens its last paragraph: a script's closing paragraph (an
 * ad's call to action) is set off by one deliberate beat, every other sentence by a short pause.
 * One beat, not one per paragraph: sectioned scripts would otherwise halt at every section.
 */
export function speechChunksWithBeat(
  text: string,
  opts: { language: string; wholeParagraphs?: boolean },
): { chunks: string[]; beatBeforeChunk: number | null } {
  const paragraphs = text.split(/\n[ \t]*\n/).filter((p) => p.trim());
  const last = paragraphs.length > 1 ? prepareSpeechChunks(paragraphs.at(-1)!, opts) : [];
  const before = prepareSpeechChunks(last.length ? paragraphs.slice(0, -1).join('\n\n') : text, opts);
  return { chunks: [...before, ...last], beatBeforeChunk: before.length && last.length ? before.length : null };
}
