/**
 * Note synthesis: one note of one instrument into a mono scratch buffer. Oscillators run from phase
 * accumulators (in turns) and go through an ADSR envelope and a swept low-pass filter.
 */
import { decayPerSample, dbToGain, exp2, midiToHz, sinTurns } from './deterministic-math.js';
import { StateVariableFilter } from './filters.js';
import type { InstrumentPatch } from './instrument-patch.js';
import type { Rng } from './prng.js';

const LN2_OVER_1200 = 0.6931471805599453 / 1200;
/** Coefficient updates are this many samples apart; sweeps are slow enough not to zipper. */
const CONTROL_BLOCK_SAMPLES = 16;
const GLIDE_SECONDS = 0.06;

/** PolyBLEP residual: removes most aliasing from the jumps of saw and square waves. */
function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment;
    return t + t - t * t - 1;
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    return t * t + t + t + 1;
  }
  return 0;
}

/** Karplus-Strong string: a noise burst circulating in a tuned, slightly lossy delay line. */
class PluckedString {
  private readonly line: Float64Array;
  private index = 0;
  private previous = 0;
  private allpassIn = 0;
  private allpassOut = 0;
  private readonly allpassCoefficient: number;
  private readonly loss: number;

  constructor(frequencyHz: number, sampleRateHz: number, brightness: number, rng: Rng) {
    const period = sampleRateHz / frequencyHz;
    // The averaging filter adds half a sample of delay; the all-pass supplies the fraction left over.
    const length = Math.max(2, Math.floor(period - 0.5));
    const fraction = Math.min(Math.max(period - 0.5 - length, 0.05), 0.95);
    this.allpassCoefficient = (1 - fraction) / (1 + fraction);
    this.loss = 0.994 + 0.0055 * brightness;
    this.line = new Float64Array(length);
    const smoothing = 0.15 + 0.85 * brightness;
    let smoothed = 0;
    let sum = 0;
    for (let i = 0; i < length; i++) {
      smoothed += smoothing * (rng.bipolar() - smoothed);
      this.line[i] = smoothed;
      sum += smoothed;
    }
    const mean = sum / length;
    for (let i = 0; i < length; i++) this.line[i] = this.line[i]! - mean;
  }

  next(): number {
    const current = this.line[this.index]!;
    const averaged = this.loss * 0.5 * (current + this.previous);
    this.previous = current;
    const tuned = this.allpassCoefficient * averaged + this.allpassIn - this.allpassCoefficient * this.allpassOut;
    this.allpassIn = averaged;
    this.allpassOut = tuned;
    this.line[this.index] = tuned;
    this.index = this.index + 1 === this.line.length ? 0 : this.index + 1;
    return current;
  }
}

/**
 * Writes one note into `out` from index 0 and returns how many samples it occupies
 * (gate plus release, capped by the buffer).
 */
export function synthesizeNote(
  patch: InstrumentPatch,
  midiNote: number,
  velocity: number,
  gateSamples: number,
  sampleRateHz: number,
  rng: Rng,
  out: Float32Array,
): number {
  const releaseSamples = Math.max(1, Math.round(patch.releaseSeconds * sampleRateHz));
  const totalSamples = Math.min(out.length, gateSamples + releaseSamples);
  const frequencyHz = midiToHz(midiNote);
  const voiceCount = Math.max(1, patch.voices);
  const increments: number[] = [];
  const phases: number[] = [];
  for (let v = 0; v < voiceCount; v++) {
    const spread = voiceCount === 1 ? 0 : (2 * v) / (voiceCount - 1) - 1;
    increments.push((frequencyHz * exp2((patch.detuneCents * spread) / 1200)) / sampleRateHz);
    // Unison voices start at different phases so they do not sum into one loud spike.
    phases.push(voiceCount === 1 ? 0 : rng.next());
  }
  const string = patch.oscillator === 'pluck' ? new PluckedString(frequencyHz, sampleRateHz, patch.pluckBrightness, rng) : null;
  let modulatorPhase = 0;
  const fmIndexTurns = patch.fmIndex / 6.283185307179586;

  const attackSamples = Math.max(1, Math.round(patch.attackSeconds * sampleRateHz));
  const decayMultiplier = decayPerSample(patch.decaySeconds, sampleRateHz);
  const releaseMultiplier = decayPerSample(patch.releaseSeconds, sampleRateHz);
  const vibratoIncrement = patch.vibratoRateHz / sampleRateHz;
  const vibratoDepth = patch.vibratoCents * LN2_OVER_1200;
  const filter = new StateVariableFilter(sampleRateHz, 'lowpass');
  const useFilter = patch.filterCutoffHz < sampleRateHz * 0.4 || patch.filterEnvelopeHz > 0;
  filter.setCutoff(patch.filterCutoffHz + patch.filterEnvelopeHz, patch.filterResonance);
  const gain = (velocity * Math.sqrt(velocity) * dbToGain(patch.gainDb)) / Math.sqrt(voiceCount);

  let decayLevel = 1; // falls from 1 to 0 over the decay stage; drives envelope, filter sweep and FM brightness
  let releaseStartLevel = 0;
  let releaseLevel = 1;
  let envelope = 0;
  let vibratoPhase = 0;
  let pitchMultiplier = 1;

  for (let i = 0; i < totalSamples; i++) {
    if (i % CONTROL_BLOCK_SAMPLES === 0) {
      if (patch.filterEnvelopeHz > 0 && useFilter) {
        filter.setCutoff(patch.filterCutoffHz + patch.filterEnvelopeHz * decayLevel, patch.filterResonance);
      }
      if (patch.glideSemitones !== 0) {
        const glideRemaining = Math.max(0, 1 - i / (GLIDE_SECONDS * sampleRateHz));
        pitchMultiplier = exp2((patch.glideSemitones * glideRemaining * glideRemaining) / 12);
      }
    }
    if (i < attackSamples) {
      envelope = i / attackSamples;
    } else {
      decayLevel *= decayMultiplier;
      const held = patch.sustainLevel + (1 - patch.sustainLevel) * decayLevel;
      if (i < gateSamples) {
        envelope = held;
        releaseStartLevel = held;
      } else {
        // Exponential fall times a linear ramp, so the note ends at exactly zero: no click.
        releaseLevel *= releaseMultiplier;
        envelope = releaseStartLevel * releaseLevel * (1 - (i - gateSamples) / releaseSamples);
      }
    }
    if (i === gateSamples && i < attackSamples) releaseStartLevel = envelope;

    let frequencyScale = pitchMultiplier;
    if (vibratoDepth !== 0) {
      vibratoPhase += vibratoIncrement;
      // First-order 2^x: vibrato depths are a few cents, where the error is far below hearing.
      frequencyScale *= 1 + vibratoDepth * sinTurns(vibratoPhase);
    }

    let sample = 0;
    if (string) {
      sample = string.next();
    } else {
      for (let v = 0; v < voiceCount; v++) {
        const increment = increments[v]! * frequencyScale;
        let phase = phases[v]! + increment;
        if (phase >= 1) phase -= 1;
        phases[v] = phase;
        switch (patch.oscillator) {
          case 'saw':
            sample += 2 * phase - 1 - polyBlep(phase, increment);
            break;
          case 'square': {
            const shifted = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5;
            sample += (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
            break;
          }
          case 'triangle':
            sample += 4 * Math.abs(phase - 0.5) - 1;
            break;
          case 'organ':
            sample += (sinTurns(phase) + 0.5 * sinTurns(2 * phase) + 0.25 * sinTurns(3 * phase)) / 1.75;
            break;
          case 'fm': {
            if (v === 0) {
              modulatorPhase += increment * patch.fmRatio;
              if (modulatorPhase >= 1) modulatorPhase -= Math.floor(modulatorPhase);
            }
            const brightness = 0.15 + 0.85 * decayLevel;
            sample += sinTurns(phase + fmIndexTurns * brightness * sinTurns(modulatorPhase));
            break;
          }
          default:
            sample += sinTurns(phase);
        }
      }
    }
    if (useFilter) sample = filter.process(sample);
    out[i] = sample * envelope * gain;
  }
  return totalSamples;
}
