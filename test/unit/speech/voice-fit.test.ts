import { describe, expect, it } from 'vitest';
import { buildVoiceCatalog, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';
import type { VoiceSampleProfile } from '../../../src/pipelines/speech/voice-match/cloned-voice-spec.js';
import { baseVoiceCandidates, correctSpec, fitVoiceProfile, type BaseVoiceMeasure } from '../../../src/pipelines/speech/voice-match/fit-profile.js';
import { pitchTrackHz } from '../../../src/pipelines/speech/voice-match/pitch.js';
import { voicedTone } from './signal-helpers.js';

const ev = (engine: EngineVoice['engine'], engineVoice: string, gender: 'male' | 'female', locale = 'en-US'): EngineVoice => ({
  engine,
  engineVoice,
  gender,
  locale,
  languageName: 'English',
  label: engineVoice === 'cmu_us_slt_arctic_hts' ? 'slt-hts' : engineVoice,
});
const catalog = buildVoiceCatalog([
  ev('festival', 'cmu_us_slt_arctic_hts', 'female'),
  ev('flite', 'slt', 'female'),
  ev('flite', 'rms', 'male'),
  ev('flite', 'awb', 'male', 'en-GB'),
  ev('espeak-ng', 'en-us', 'male'),
  ev('espeak-ng', 'en-us+f3', 'female'),
  ev('espeak-ng', 'en-gb-scotland', 'male', 'en-GB'),
  ev('espeak-ng', 'fr-fr', 'male', 'fr-FR'),
  ev('espeak-ng', 'fr-fr+f3', 'female', 'fr-FR'),
]);
const measure = (engine: string, voice: string, pitch: number, rate: number, formant = 1.2): [string, BaseVoiceMeasure] => {
  const voiceId = voiceIdFor(engine, voice);
  return [voiceId, { voiceId, medianPitchHz: pitch, syllablesPerSecond: rate, formantScale: formant }];
};
const measures = new Map([
  measure('festival', 'cmu_us_slt_arctic_hts', 168, 4.5),
  measure('flite', 'slt', 166, 4.4),
  measure('flite', 'rms', 103, 4.6),
  measure('flite', 'awb', 125, 4.5),
  measure('espeak-ng', 'en-us', 102, 5.0),
  measure('espeak-ng', 'en-us+f3', 210, 5.0),
]);
const profile = (medianPitchHz: number, syllablesPerSecond: number): VoiceSampleProfile => ({
  durationSeconds: 20,
  speechSeconds: 18,
  medianPitchHz,
  pitchLowHz: medianPitchHz * 0.8,
  pitchHighHz: medianPitchHz * 1.3,
  pitchRangeSemitones: 8.4,
  syllablesPerSecond,
  spectralCentroidHz: 1300,
  formantScale: 1.2,
  voicedFraction: 0.6,
});

describe('fitVoiceProfile', () => {
  it('uses a few good English voices as bases, and one voice per gender elsewhere', () => {
    expect(
      baseVoiceCandidates(catalog, 'en')
        .map((v) => v.engineVoice)
        .sort(),
    ).toEqual(['awb', 'cmu_us_slt_arctic_hts', 'en-us', 'en-us+f3', 'rms', 'slt']);
    expect(
      baseVoiceCandidates(catalog, 'fr')
        .map((v) => v.gender)
        .sort(),
    ).toEqual(['female', 'male']);
  });

  it('matches a low voice to a male base and scales pitch and rate to the sample', () => {
    const spec = fitVoiceProfile(profile(110, 5.5), catalog, measures);
    expect(spec.gender).toBe('male');
    expect(['rms', 'awb']).toContain(spec.base.engineVoice);
    const base = measures.get(spec.base.voiceId)!;
    expect(spec.pitch).toBeCloseTo(110 / base.medianPitchHz, 6);
    expect(spec.rate).toBeCloseTo(5.5 / base.syllablesPerSecond, 6);
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });

  it('prefers the best engine among similar female voices', () => {
    const spec = fitVoiceProfile(profile(190, 4), catalog, measures);
    expect(spec.base.engine).toBe('festival');
    expect(spec.gender).toBe('female');
  });

  it('clamps extreme factors and corrects by what a synthesis measured', () => {
    const spec = fitVoiceProfile(profile(400, 12), catalog, measures);
    expect(spec.pitch).toBeLessThanOrEqual(1.7);
    expect(spec.rate).toBeLessThanOrEqual(2);
    const fitted = fitVoiceProfile(profile(180, 4), catalog, measures);
    const corrected = correctSpec(fitted, { medianPitchHz: 170, syllablesPerSecond: 4.4 });
    expect(corrected.pitch).toBeCloseTo(fitted.pitch * (180 / 170), 6);
    expect(corrected.rate).toBeCloseTo(fitted.rate * (4 / 4.4), 6);
  });

  it('refuses to fit without measured base voices', () => {
    expect(() => fitVoiceProfile(profile(120, 4), catalog, new Map())).toThrow(/no measured base voice/);
  });
});

describe('pitchTrackHz', () => {
  it('finds the pitch of a harmonic tone to within 2 %', () => {
    for (const hz of [95, 150, 230]) {
      const track = Array.from(pitchTrackHz(voicedTone(1, 16000, hz), 16000))
        .filter((p) => p > 0)
        .sort((a, b) => a - b);
      expect(track.length).toBeGreaterThan(50);
      expect(Math.abs(track[Math.floor(track.length / 2)]! / hz - 1)).toBeLessThan(0.02);
    }
  });
  it('reports silence and noise as unvoiced', () => {
    const noise = new Float32Array(16000).map(() => Math.random() * 0.2 - 0.1);
    const voiced = Array.from(pitchTrackHz(noise, 16000)).filter((p) => p > 0).length;
    expect(voiced).toBeLessThan(10);
    expect(Array.from(pitchTrackHz(new Float32Array(16000), 16000)).every((p) => p === 0)).toBe(true);
  });
});
