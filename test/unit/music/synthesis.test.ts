import { describe, expect, it } from 'vitest';
import { synthesizeDrumVariants } from '../../../src/pipelines/music/drums.js';
import { addCircularDelay, addCircularReverb } from '../../../src/pipelines/music/effects.js';
import { patch, type Oscillator } from '../../../src/pipelines/music/instrument-patch.js';
import { synthesizeNote } from '../../../src/pipelines/music/instruments.js';
import { createRng } from '../../../src/core/random.js';
import { encodeWav16 } from '../../../src/pipelines/music/wav.js';
import { magnitudeSpectrum, rms, spectralSummary } from './audio-analysis.js';

const SAMPLE_RATE_HZ = 44100;

/** Frequency of the strongest spectral peak, refined by a parabola through the log magnitudes. */
function peakFrequencyHz(samples: Float32Array, sampleRateHz: number): number {
  const frameSize = 16384;
  const spectrum = magnitudeSpectrum(samples, 0, frameSize);
  let peak = 1;
  for (let k = 2; k < spectrum.length - 1; k++) if (spectrum[k]! > spectrum[peak]!) peak = k;
  const [a, b, c] = [spectrum[peak - 1]!, spectrum[peak]!, spectrum[peak + 1]!].map((m) => Math.log(m + 1e-12)) as [number, number, number];
  const offset = (0.5 * (a - c)) / (a - 2 * b + c);
  return ((peak + offset) * sampleRateHz) / frameSize;
}

function centsBetween(aHz: number, bHz: number): number {
  return 1200 * Math.log2(aHz / bHz);
}

function renderNote(oscillator: Oscillator, midi: number, seconds = 0.6): Float32Array {
  const out = new Float32Array(Math.round((seconds + 0.5) * SAMPLE_RATE_HZ));
  const count = synthesizeNote(
    patch({ oscillator, filterCutoffHz: 20000, sustainLevel: 1, releaseSeconds: 0.3, pluckBrightness: 0.8 }),
    midi,
    1,
    Math.round(seconds * SAMPLE_RATE_HZ),
    SAMPLE_RATE_HZ,
    createRng(5),
    out,
  );
  return out.subarray(0, count);
}

describe('instruments', () => {
  it.each<Oscillator>(['saw', 'square', 'triangle', 'sine', 'organ', 'fm', 'pluck'])('%s plays in tune', (oscillator) => {
    for (const midi of [48, 60, 72, 81]) {
      const expectedHz = 440 * 2 ** ((midi - 69) / 12);
      const peakHz = peakFrequencyHz(renderNote(oscillator, midi), SAMPLE_RATE_HZ);
      // The strongest partial may be a harmonic (a bright string); it must sit on the harmonic series.
      const harmonic = Math.max(1, Math.round(peakHz / expectedHz));
      expect(Math.abs(centsBetween(peakHz, harmonic * expectedHz)), `${oscillator} ${midi}`).toBeLessThan(10);
    }
  });

  it.each<Oscillator>(['saw', 'fm', 'pluck', 'organ'])('%s starts and ends at silence, so notes never click', (oscillator) => {
    const note = renderNote(oscillator, 64);
    expect(Math.abs(note[0]!)).toBeLessThan(1e-3);
    expect(Math.abs(note[note.length - 1]!)).toBeLessThan(1e-4);
    expect(rms(note)).toBeGreaterThan(0.01);
  });

  it('is deterministic for the same inputs', () => {
    expect(renderNote('pluck', 57)).toEqual(renderNote('pluck', 57));
  });
});

describe('drums', () => {
  it('puts a kick in the bass and a hi-hat in the treble', () => {
    const kick = synthesizeDrumVariants('kick', 'punchy', SAMPLE_RATE_HZ, createRng(1))[0]!;
    const hat = synthesizeDrumVariants('closedHat', 'punchy', SAMPLE_RATE_HZ, createRng(1))[0]!;
    expect(spectralSummary(kick, SAMPLE_RATE_HZ, 2048).bassShare).toBeGreaterThan(0.8);
    expect(spectralSummary(hat, SAMPLE_RATE_HZ, 2048).highShare).toBeGreaterThan(0.8);
    expect(Math.abs(kick[kick.length - 1]!)).toBeLessThan(1e-3);
  });

  it('varies between round-robin variants', () => {
    const [first, second] = synthesizeDrumVariants('snare', 'punchy', SAMPLE_RATE_HZ, createRng(9));
    expect(first).not.toEqual(second);
  });
});

describe('circular effects', () => {
  it('wraps the reverb tail of the loop end onto the loop start', () => {
    const loopSamples = SAMPLE_RATE_HZ; // a one-second loop
    const send = new Float32Array(loopSamples);
    send[loopSamples - 2000] = 1; // an impulse 45 ms before the loop point
    const target = { left: new Float32Array(loopSamples), right: new Float32Array(loopSamples) };
    addCircularReverb(send, target, SAMPLE_RATE_HZ, 1.5, 1);
    const startEnergy = rms(target.left, 0, 4410);
    expect(startEnergy).toBeGreaterThan(1e-4);
    // Continuity: the step across the loop point is like the steps either side of it.
    const seamStep = Math.abs(target.left[0]! - target.left[loopSamples - 1]!);
    let neighbourMax = 0;
    for (let i = 1; i < 200; i++) neighbourMax = Math.max(neighbourMax, Math.abs(target.left[i]! - target.left[i - 1]!));
    expect(seamStep).toBeLessThanOrEqual(neighbourMax * 2);
  });

  it('wraps delay echoes too', () => {
    const loopSamples = SAMPLE_RATE_HZ;
    const send = new Float32Array(loopSamples);
    send[loopSamples - 100] = 1;
    const target = { left: new Float32Array(loopSamples), right: new Float32Array(loopSamples) };
    addCircularDelay(send, target, SAMPLE_RATE_HZ, 0.25, 0.5);
    // First echo lands 0.25 s after the impulse, i.e. early in the next pass of the loop.
    const echoAt = 0.25 * SAMPLE_RATE_HZ - 100;
    expect(Math.abs(target.left[echoAt]!)).toBeGreaterThan(0.5);
  });
});

describe('wav encoding', () => {
  it('writes a 16-bit stereo PCM header and clamped samples', () => {
    const audio = { left: Float32Array.from([0, 0.5, 2]), right: Float32Array.from([0, -0.5, -2]), sampleRateHz: 22050 };
    const wav = encodeWav16(audio);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(12);
    expect(wav.readInt16LE(44 + 4)).toBe(Math.round(0.5 * 32767));
    expect(wav.readInt16LE(44 + 8)).toBe(32767);
    expect(wav.readInt16LE(44 + 10)).toBe(-32767);
  });
});
