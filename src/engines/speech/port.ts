/**
 * The speech port: every text-to-speech engine (built-in or remote) looks like this to the
 * pipelines. Times are seconds from the start of the returned WAV.
 */
import type { PhoneTiming, WordTiming } from '../../core/timing.js';

export type SpeechEngineId = 'espeak-ng' | 'flite' | 'festival' | 'rhvoice' | 'piper' | 'remote';

export interface EngineVoice {
  engine: SpeechEngineId;
  /** What the engine is asked for, e.g. `en-us+f3`, `slt`, `cmu_us_slt_arctic_hts`. */
  engineVoice: string;
  /** BCP 47-ish locale as the engine reports it, e.g. `en-US`, `fr-BE`, `cmn`. */
  locale: string;
  /** Human-readable language/accent as the engine names it, e.g. `English (America)`. */
  languageName: string;
  gender: 'male' | 'female' | null;
  /** Short label for the voice itself (variant or speaker), e.g. `f3`, `rms`. */
  label: string;
}

export interface SynthesisRequest {
  text: string;
  engineVoice: string;
  outWavPath: string;
  /** Speaking-rate factor: 1 is the engine's default, 1.2 is 20 % faster. */
  rate?: number;
  /** Pitch factor: 1 is the voice's own pitch, 1.1 is 10 % higher. */
  pitch?: number;
  signal?: AbortSignal;
}

export interface SynthesisResult {
  wavPath: string;
  durationSeconds: number;
  sampleRateHz: number;
  words: WordTiming[];
  phones?: PhoneTiming[];
}

export interface SpeechEngine {
  readonly id: SpeechEngineId;
  /**
   * Given several sentences per call rather than one: a remote provider charges and limits per
   * request and keeps its prosody across sentences; local engines are heard more clearly a
   * sentence at a time (`chunkSentences`).
   */
  readonly speaksWholeParagraphs?: boolean;
  listVoices(): Promise<EngineVoice[]>;
  synthesize(req: SynthesisRequest): Promise<SynthesisResult>;
}

/** Engines by id; a deployment may lack some (e.g. no remote provider configured). */
export type SpeechEngines = Partial<Record<SpeechEngineId, SpeechEngine>>;

/**
 * A speech engine failed; `stderrTail` holds the tool's last stderr lines for the logs.
 * `permanent` when asking again cannot help (nothing to say, a provider refusing the request);
 * otherwise the failure may pass (a provider down, a process killed) and is worth a retry.
 */
export class SpeechEngineError extends Error {
  constructor(
    message: string,
    readonly stderrTail = '',
    readonly permanent = false,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'SpeechEngineError';
  }
}
