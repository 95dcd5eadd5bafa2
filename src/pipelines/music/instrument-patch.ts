/** What an instrument is made of; `instruments.ts` turns a patch and a note into samples. */

export type Oscillator =
  /** Band-limited sawtooth (PolyBLEP), the base of pads, strings and leads. */
  | 'saw'
  | 'square'
  | 'triangle'
  | 'sine'
  /** Three sine partials: a soft drawbar organ / flute colour. */
  | 'organ'
  /** Two-operator FM: electric piano and bells, depending on ratio and index. */
  | 'fm'
  /** Karplus-Strong plucked string: the "acoustic" guitar and harp sounds. */
  | 'pluck';

export interface InstrumentPatch {
  oscillator: Oscillator;
  /** Unison voices, spread by `detuneCents`, for width and warmth. */
  voices: number;
  detuneCents: number;
  attackSeconds: number;
  /** Time for the decay stage to fall 60 dB toward the sustain level. */
  decaySeconds: number;
  sustainLevel: number;
  releaseSeconds: number;
  filterCutoffHz: number;
  /** Added to the cutoff at note start and decaying with `decaySeconds`: the "pluck" of a synth. */
  filterEnvelopeHz: number;
  /** 0 = none, 1 = nearly self-oscillating. */
  filterResonance: number;
  fmRatio: number;
  fmIndex: number;
  /** Bright strings ring longer; 0..1. */
  pluckBrightness: number;
  vibratoCents: number;
  vibratoRateHz: number;
  /** Pitch falls from +glideSemitones to the note over the first 60 ms: 808-style bass drops. */
  glideSemitones: number;
  gainDb: number;
  /** -1 left … 1 right. */
  pan: number;
  reverbSend: number;
  delaySend: number;
}

const BASE_PATCH: InstrumentPatch = {
  oscillator: 'saw',
  voices: 1,
  detuneCents: 0,
  attackSeconds: 0.005,
  decaySeconds: 0.5,
  sustainLevel: 0.7,
  releaseSeconds: 0.2,
  filterCutoffHz: 4000,
  filterEnvelopeHz: 0,
  filterResonance: 0.1,
  fmRatio: 1,
  fmIndex: 0,
  pluckBrightness: 0.5,
  vibratoCents: 0,
  vibratoRateHz: 5,
  glideSemitones: 0,
  gainDb: 0,
  pan: 0,
  reverbSend: 0.2,
  delaySend: 0,
};

export function patch(overrides: Partial<InstrumentPatch>): InstrumentPatch {
  return { ...BASE_PATCH, ...overrides };
}
