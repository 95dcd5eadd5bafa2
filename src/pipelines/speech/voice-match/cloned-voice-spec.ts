import type { SpeechEngineId } from '../../../engines/speech/port.js';

/** What the sample measured; kept with the spec so a clone can be re-fitted when base voices change. */
export interface VoiceSampleProfile {
  durationSeconds: number;
  /** Seconds of sound between pauses (what speaking rate is measured over). */
  speechSeconds: number;
  medianPitchHz: number;
  /** 10th and 90th percentile of voiced pitch. */
  pitchLowHz: number;
  pitchHighHz: number;
  pitchRangeSemitones: number;
  /** Syllable nuclei per second of speech. */
  syllablesPerSecond: number;
  /** Spectral centroid of voiced frames: a crude vocal-tract size estimate. */
  spectralCentroidHz: number;
  /** Centroid relative to a reference adult male voice (~1.0 male, ~1.15–1.2 female). */
  formantScale: number;
  voicedFraction: number;
}

/**
 * A cloned voice as stored by the service (JSON-serialisable). It is voice matching, not neural
 * cloning: a built-in base voice whose pitch and speaking rate are fitted to the sample.
 */
export interface ClonedVoiceSpec {
  kind: 'cloned';
  version: 1;
  language: string;
  gender: 'male' | 'female';
  base: { voiceId: string; engine: SpeechEngineId; engineVoice: string };
  /** Passed to the engine: speaking-rate factor (1 = base voice's normal rate). */
  rate: number;
  /** Passed to the engine: pitch factor (1 = base voice's own pitch). */
  pitch: number;
  /** The sample's measurements the fit aimed at. */
  target: VoiceSampleProfile;
}

export function isClonedVoiceSpec(value: unknown): value is ClonedVoiceSpec {
  const v = value as Partial<ClonedVoiceSpec> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.kind === 'cloned' &&
    v.version === 1 &&
    typeof v.rate === 'number' &&
    typeof v.pitch === 'number' &&
    typeof v.base?.engine === 'string' &&
    typeof v.base?.engineVoice === 'string'
  );
}
