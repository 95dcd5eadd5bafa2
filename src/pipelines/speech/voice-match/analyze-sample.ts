import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSpeechIslands, percentile } from '../../../engines/speech/audio-frames.js';
import { decodeToWav } from '../../../engines/speech/decode-audio.js';
import { readWav, type PcmAudio } from '../../../engines/speech/wav.js';
import { TaskFailure } from '../../../domain/errors.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';
import { PITCH_HOP_SECONDS, analyzePitch } from './pitch.js';
import { medianSpectralCentroidHz } from './spectrum.js';
import { syllablesPerSecond } from './syllable-rate.js';

export const MIN_SPEECH_SECONDS = 5;
export const MAX_SAMPLE_SECONDS = 600;
/** Pitch and timbre settle long before this; it bounds the analysis cost of long samples. */
const ANALYSIS_SECONDS = 120;
const ANALYSIS_RATE_HZ = 16000;
/** Typical voiced-frame centroid of an adult male voice with this method (flite rms, espeak en-us). */
const REFERENCE_MALE_CENTROID_HZ = 1100;

/** A sample that cannot be used for voice matching; `reason` is meant for the client. */
export class VoiceSampleRejected extends TaskFailure {
  constructor(reason: string) {
    super(reason, false);
    this.name = 'VoiceSampleRejected';
  }
}

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

/**
 * Decodes any audio file ffmpeg reads and measures it. Rejects (with a reason a person can act
 * on) audio that does not decode, is longer than 10 minutes, or holds less than 5 s of speech.
 */
export async function analyzeVoiceSample(
  audioPath: string,
  opts: { signal?: AbortSignal; workDir?: string } = {},
): Promise<VoiceSampleProfile> {
  const dir = opts.workDir ?? (await mkdtemp(join(tmpdir(), 'voice-sample-')));
  const wavPath = join(dir, 'sample-16k.wav');
  try {
    try {
      // One second past the limit is enough to know a sample is too long without decoding hours.
      await decodeToWav(audioPath, wavPath, { sampleRateHz: ANALYSIS_RATE_HZ, maxSeconds: MAX_SAMPLE_SECONDS + 1, signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw new VoiceSampleRejected('The voice sample is not audio that can be decoded. Upload a WAV, MP3, M4A, OGG or FLAC recording.');
    }
    const audio = await readWav(wavPath);
    const seconds = audio.samples.length / audio.sampleRateHz;
    if (seconds === 0) throw new VoiceSampleRejected('The voice sample contains no audio.');
    if (seconds > MAX_SAMPLE_SECONDS) {
      throw new VoiceSampleRejected('The voice sample is longer than 10 minutes. Upload between 5 seconds and 10 minutes of speech.');
    }
    const profile = analyzePcm(audio);
    const voicedSeconds = profile.voicedFraction * Math.min(seconds, ANALYSIS_SECONDS);
    if (profile.speechSeconds < MIN_SPEECH_SECONDS || voicedSeconds < MIN_SPEECH_SECONDS * 0.4 || !(profile.medianPitchHz > 0)) {
      throw new VoiceSampleRejected(
        `The voice sample has only ${profile.speechSeconds.toFixed(1)} s of speech; at least ${MIN_SPEECH_SECONDS} s of clear speech is needed (30 s or more works best).`,
      );
    }
    return profile;
  } finally {
    if (opts.workDir) await rm(wavPath, { force: true });
    else await rm(dir, { recursive: true, force: true });
  }
}
