/**
 * The transcription port: speech in a client's audio or video → words with their times. Used
 * where the text is not known (AI editing captions, ad-clone transcripts); where the text is
 * known, forced alignment (`engines/speech/pocketsphinx-align.ts`) is the better tool.
 */
import { TaskFailure } from '../../core/errors.js';
import type { WordTiming } from '../../core/timing.js';

export type TranscriberId = 'whisper' | 'pocketsphinx' | 'remote' | 'fake';

export interface TranscriptionRequest {
  /** Any file ffmpeg can read (audio or video); only its first audio stream is heard. */
  mediaPath: string;
  /** ISO 639-1 hint (`en`); absent → the engine decides. The built-in engines know English only. */
  language?: string;
  signal?: AbortSignal;
  /** 0..1 through the audio. */
  onProgress?: (fraction: number) => void;
}

export interface Transcript {
  /** The words as heard, joined with single spaces (punctuation as the engine gives it). */
  text: string;
  /** ISO 639-1 of what was heard, as the engine reports it (`en` for the built-in engines). */
  language: string;
  /** Every recognised word with its time, in order; empty when no speech was heard. */
  words: WordTiming[];
  /** Which engine heard it, for the task's record. */
  engine: TranscriberId;
  /** Length of the audio heard, seconds. */
  durationSeconds: number;
}

export interface Transcriber {
  readonly id: TranscriberId;
  transcribe(req: TranscriptionRequest): Promise<Transcript>;
  /** Ends a helper process, if the engine keeps one. */
  stop?(): void;
}

/**
 * A transcriber failed: a `TaskFailure`, so a job fails with this reason. `permanent` when asking
 * again cannot help (no audio stream, a provider refusing the file); otherwise a retry may pass.
 */
export class TranscriptionError extends TaskFailure {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message, !permanent);
    this.name = 'TranscriptionError';
  }
}
