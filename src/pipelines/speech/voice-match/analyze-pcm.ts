import { findSpeechIslands, percentile } from '../../../engines/speech/audio-frames.js';
import type { PcmAudio } from '../../../engines/speech/wav.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';
import { PITCH_HOP_SECONDS, analyzePitch } from './pitch.js';
import { medianSpectralCentroidHz } from './spectrum.js';
import { syllablesPerSecond } from './syllable-rate.js';

/** Pitch and timbre settle long before this; it bounds the analysis cost of long samples. */
export const ANALYSIS_SECONDS = 120;
/** Typical voiced-frame centroid of an adult male voice with this method (flite rms, espeak en-us). */
const REFERENCE_MALE_CENTROID_HZ = 1100;

/** Measurements of decoded audio (16-bit mono at any rate). Pure. */
export function analyzePcm(audio: PcmAudio): VoiceSampleProfile {
  const rate = audio.sampleRateHz;
  const durationSeconds = audio.samples.length / rate;
  const samples = audio.samples.subarray(0, Math.min(audio.samples.length, ANALYSIS_SECONDS * rate));
  const { pitchHz: pitch, periodic } = analyzePitch(samples, rate);
  const voiced = Array.from(pitch).filter((p) => p > 0);
  // Pauses of a quarter second or more are not speaking time; shorter ones are part of the flow.
  const islands = findSpeechIslands({ sampleRateHz: rate, samples }, { minGapSeconds: 0.25, belowPeakDb: 35 });
  const speechSeconds = islands.reduce((s, i) => s + (i.end - i.start), 0);
  const voicedTimes: number[] = [];
  pitch.forEach((p, f) => {
    // Every third voiced frame is plenty for a median and keeps the FFT count down.
    if (p > 0 && f % 3 === 0) voicedTimes.push((f + 1.5) * PITCH_HOP_SECONDS);
  });
  const centroid = medianSpectralCentroidHz(samples, rate, voicedTimes);
  const low = percentile(voiced, 10);
  const high = percentile(voiced, 90);
  return {
    durationSeconds,
    speechSeconds,
    medianPitchHz: percentile(voiced, 50),
    pitchLowHz: low,
    pitchHighHz: high,
    pitchRangeSemitones: voiced.length ? 12 * Math.log2(high / low) : 0,
    // Syllable peaks need only be roughly periodic (a vowel, not a hiss): low or buzzy voices
    // often miss the strict pitch threshold on perfectly good vowels.
    syllablesPerSecond: syllablesPerSecond(samples, rate, periodic, speechSeconds),
    spectralCentroidHz: centroid,
    formantScale: centroid / REFERENCE_MALE_CENTROID_HZ,
    voicedFraction: pitch.length ? voiced.length / pitch.length : 0,
  };
}
