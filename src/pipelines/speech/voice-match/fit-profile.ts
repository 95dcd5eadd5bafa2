import type { Voice, VoiceCatalog } from '../../../domain/catalog/voices.js';
import type { ClonedVoiceSpec, VoiceSampleProfile } from './cloned-voice-spec.js';

/** How a base voice measures with the same analysis as samples (see `measureBaseVoices`). */
export interface BaseVoiceMeasure {
  voiceId: string;
  medianPitchHz: number;
  syllablesPerSecond: number;
  formantScale: number;
}

/** Below this median pitch a voice is matched to a male base voice. */
export const MALE_FEMALE_PITCH_SPLIT_HZ = 160;
/** Engine quality, in the same units as the pitch distance (natural-log ratio; 0.17 ≈ 3 semitones). */
const QUALITY_PENALTY: Record<string, number> = { festival: 0, flite: 0.17, 'espeak-ng': 0.45, remote: 1 };
/** Transforms beyond these sound broken rather than like another person. */
const PITCH_FACTOR_LIMITS = [0.6, 1.7] as const;
const RATE_FACTOR_LIMITS = [0.5, 2] as const;
const ENGLISH_BASE_ENGINE_VOICES = new Set(['cmu_us_slt_arctic_hts', 'slt', 'rms', 'awb', 'en-us', 'en-us+f3']);

const clamp = (x: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, x));

/**
 * The voices a clone may be built on: built-in voices of the language (for English the good
 * voices of each engine, not every espeak-ng accent). Remote voices are excluded: their pitch
 * cannot be set and they may be withdrawn.
 */
export function baseVoiceCandidates(catalog: VoiceCatalog, language: string): Voice[] {
  const builtins = catalog.voices.filter((v) => v.kind === 'builtin' && v.language === language);
  if (language === 'en') return builtins.filter((v) => ENGLISH_BASE_ENGINE_VOICES.has(v.engineVoice));
  // Elsewhere espeak-ng's first voice of each gender (its accent sub-voices sound alike).
  const male = builtins.find((v) => v.gender === 'male');
  const female = builtins.find((v) => v.gender === 'female');
  return [male, female].filter((v): v is Voice => v !== undefined);
}

export function genderOfPitch(medianPitchHz: number): 'male' | 'female' {
  return medianPitchHz < MALE_FEMALE_PITCH_SPLIT_HZ ? 'male' : 'female';
}

/**
 * Picks the base voice closest to the sample (same gender; then pitch, timbre and engine quality)
 * and fits the engine's pitch and rate factors so the clone's median pitch and speaking rate
 * land on the sample's. Pure: base voices must have been measured (`measureBaseVoices`).
 */
export function fitVoiceProfile(
  profile: VoiceSampleProfile,
  catalog: VoiceCatalog,
  baseMeasures: ReadonlyMap<string, BaseVoiceMeasure>,
  opts: { language?: string } = {},
): ClonedVoiceSpec {
  const language = opts.language ?? 'en';
  const gender = genderOfPitch(profile.medianPitchHz);
  const measured = baseVoiceCandidates(catalog, language).filter((v) => baseMeasures.has(v.id));
  const sameGender = measured.filter((v) => v.gender === gender);
  const pool = sameGender.length ? sameGender : measured;
  if (pool.length === 0) throw new Error(`no measured base voice for language ${language}`);
  const score = (v: Voice) => {
    const m = baseMeasures.get(v.id)!;
    return (
      Math.abs(Math.log(profile.medianPitchHz / m.medianPitchHz)) +
      0.3 * Math.abs(Math.log(profile.formantScale / m.formantScale)) +
      (QUALITY_PENALTY[v.engine] ?? 1)
    );
  };
  const base = pool.reduce((best, v) => (score(v) < score(best) ? v : best));
  const m = baseMeasures.get(base.id)!;
  return {
    kind: 'cloned',
    version: 1,
    language,
    gender,
    base: { voiceId: base.id, engine: base.engine, engineVoice: base.engineVoice },
    pitch: clamp(profile.medianPitchHz / m.medianPitchHz, PITCH_FACTOR_LIMITS),
    rate: clamp(profile.syllablesPerSecond / m.syllablesPerSecond, RATE_FACTOR_LIMITS),
    target: profile,
  };
}

/** Corrects a spec's factors by what a synthesis with it measured (one step of fixed-point iteration). */
export function correctSpec(spec: ClonedVoiceSpec, measured: { medianPitchHz: number; syllablesPerSecond: number }): ClonedVoiceSpec {
  const pitchError = spec.target.medianPitchHz / measured.medianPitchHz;
  const rateError = spec.target.syllablesPerSecond / measured.syllablesPerSecond;
  return {
    ...spec,
    pitch: clamp(spec.pitch * (Number.isFinite(pitchError) ? pitchError : 1), PITCH_FACTOR_LIMITS),
    rate: clamp(spec.rate * (Number.isFinite(rateError) ? rateError : 1), RATE_FACTOR_LIMITS),
  };
}
