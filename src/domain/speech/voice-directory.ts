/** A voice as the rest of the service sees it: built-in, remote or cloned, one id space. */
export interface VoiceRef {
  id: string;
  name: string;
  language: string;
  kind: 'builtin' | 'remote' | 'cloned';
}

/** Resolves voice ids for an account (cloned voices are private to their account). */
export interface VoiceDirectory {
  resolve(accountId: string, voiceId: string): Promise<VoiceRef | null>;
}

export interface SpokenAudio {
  mp3Path: string;
  durationSeconds: number;
  words: { word: string; start: number; end: number }[];
}

/** The speech pipeline as a port: text in a voice → an MP3 with word timings. */
export interface SpeechSynthesizer {
  synthesize(req: { accountId: string; text: string; voiceId: string; workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void }): Promise<SpokenAudio>;
}
