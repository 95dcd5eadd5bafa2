import type { PhoneTiming, WordTiming } from '../../core/timing.js';

/** A voice as the rest of the service sees it: built-in, remote or cloned, one id space. */
export interface VoiceRef {
  id: string;
  name: string;
  language: string;
  kind: 'builtin' | 'remote' | 'cloned';
}

/**
 * What a client hears when the voice id it sent (blank included) resolves to no voice: the same
 * words on every endpoint. `undefined`: none was sent and the server has no default voice.
 */
export function unknownVoiceMessage(wanted: string | undefined): string {
  return wanted === undefined ? 'No voice is available; pass voice_id.' : `Unknown voice id "${wanted}". List voices with GET /api/voices/.`;
}

/** Resolves voice ids for an account (cloned voices are private to their account). */
export interface VoiceDirectory {
  resolve(accountId: string, voiceId: string): Promise<VoiceRef | null>;
}

export interface SpokenAudio {
  mp3Path: string;
  durationSeconds: number;
  words: WordTiming[];
  /** The engine's phones, when it reports them; lip sync prefers them to the words. */
  phones?: PhoneTiming[];
}

/** The speech pipeline as a port: text in a voice → an MP3 with word timings. */
export interface SpeechSynthesizer {
  synthesize(req: {
    accountId: string;
    text: string;
    voiceId: string;
    workDir: string;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<SpokenAudio>;
}

/** A finished cloned voice of one account, as the speech wiring needs it. */
export interface ClonedVoiceRecord {
  id: string;
  name: string;
  language: string;
  locale: string;
  accentName: string;
  gender: 'male' | 'female' | null;
  /** What the matching engine made (JSON; checked where it is spoken). */
  spec: Record<string, unknown>;
  previewKey: string | null;
}

/** An account's finished cloned voice by id, or null (unknown, unfinished, or someone else's). */
export type ClonedVoiceLookup = (accountId: string, voiceId: string) => Promise<ClonedVoiceRecord | null>;

/** What cloning produced: the spec to store and a preview to keep. */
export interface ClonedVoiceMade {
  spec: Record<string, unknown>;
  /** The sample's measurements (kept so a clone can be re-fitted when base voices change). */
  profile: Record<string, unknown>;
  gender: 'male' | 'female';
  base: { voiceId: string; locale: string; accentName: string };
  previewMp3Path: string;
}

/**
 * Voice cloning as a port. The built-in implementation is voice matching (`pipelines/speech/voice-match/voice-cloner.ts`);
 * a cloning provider's API would be another implementation.
 */
export interface VoiceCloner {
  /** Languages a voice can be cloned in (primary subtags). */
  languages(): readonly string[];
  /**
   * Fetches the sample at `url`, checks it can be used and keeps it at `sampleKey` in the file
   * store. Throws `FetchRefused` or a `TaskFailure` whose message says what is wrong with it.
   */
  takeSample(url: string, sampleKey: string, opts?: { signal?: AbortSignal }): Promise<{ durationSeconds: number; speechSeconds: number }>;
  clone(
    sampleKey: string,
    opts: { language: string; workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
  ): Promise<ClonedVoiceMade>;
}
