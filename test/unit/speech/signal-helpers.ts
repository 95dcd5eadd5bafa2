import type { PcmAudio } from '../../../src/engines/speech/wav.js';

/** A vowel-like sound: a few harmonics of `pitchHz` with a syllable-rate swell. */
export function voicedTone(seconds: number, rateHz: number, pitchHz: number): Float32Array {
  const n = Math.round(seconds * rateHz);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / rateHz;
    const swell = Math.sin((Math.PI * i) / n) ** 0.5;
    out[i] = swell * (0.3 * Math.sin(2 * Math.PI * pitchHz * t) + 0.15 * Math.sin(4 * Math.PI * pitchHz * t) + 0.08 * Math.sin(6 * Math.PI * pitchHz * t));
  }
  return out;
}

export function concat(rateHz: number, pieces: Float32Array[]): PcmAudio {
  const samples = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let pos = 0;
  for (const p of pieces) {
    samples.set(p, pos);
    pos += p.length;
  }
  return { sampleRateHz: rateHz, samples };
}

export const silence = (seconds: number, rateHz: number) => new Float32Array(Math.round(seconds * rateHz));
