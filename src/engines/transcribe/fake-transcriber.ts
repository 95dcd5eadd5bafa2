import type { WordTiming } from '../../core/timing.js';
import type { Transcriber, Transcript, TranscriptionRequest } from './port.js';

/**
 * A transcriber for unit tests: answers the words it was given, whatever the file says, and
 * records what it was asked.
 */
export function fakeTranscriber(words: WordTiming[] = [], durationSeconds = words.at(-1)?.endSeconds ?? 0): Transcriber & { calls: TranscriptionRequest[] } {
  const calls: TranscriptionRequest[] = [];
  return {
    id: 'fake',
    calls,
    async transcribe(req): Promise<Transcript> {
      calls.push(req);
      req.onProgress?.(1);
      return { text: words.map((w) => w.word).join(' '), language: req.language ?? 'en', words, engine: 'fake', durationSeconds };
    },
  };
}
