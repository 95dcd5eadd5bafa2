/**
 * Note synthesis: one note of one instrument into a mono scratch buffer. Oscillators run from phase
 * accumulators (in turns) and go through an ADSR envelope and a swept low-pass filter.
 */
import { decayPerSample, dbToGain, exp2, midiToHz, sinTurns as importedSinTurns } from './deterministic-math.js';
import { StateVariableFilter } from './filters.js';
import type { InstrumentPatch } from './instrument-patch.js';
import type { Rng } from '../../core/random.js';

/** Bound once: per-sample calls through a transpiled module namespace (tsx, vitest) cost a getter each. */
const sinTurns = importedSinTurns;

const LN2_OVER_1200 = Math.LN2 / 1200;
/** Control-rate updates (filter sweep, glide) are this many samples apart; too slow to zipper. */
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

interface VoiceSetup {
  increments: number[];
  phases: number[];
}

function unisonVoices(patch: InstrumentPatch, frequencyHz: number, sampleRateHz: number, rng: Rng): VoiceSetup {
  const voiceCount = Math.max(1, patch.voices);
  const increments: number[] = [];
  const phases: number[] = [];
  for (let v = 0; v < voiceCount; v++) {
    const spread = voiceCount === 1 ? 0 : (2 * v) / (voiceCount - 1) - 1;
    increments.push((frequencyHz * exp2((patch.detuneCents * spread) / 1200)) / sampleRateHz);
    // Unison voices start at different phases so they do not sum into one loud spike.
    phases.push(voiceCount === 1 ? 0 : rng.next());
  }
  return { increments, phases };
}

/** Reused between notes: a fresh multi-megabyte array per note keeps the garbage collector busy. */
let pitchScratch = new Float64Array(0);

/** Per-sample frequency multiplier for vibrato and glide, or null when the pitch is steady. */
function pitchCurve(patch: InstrumentPatch, count: number, sampleRateHz: number): Float64Array | null {
  if (patch.vibratoCents === 0 && patch.glideSemitones === 0) return null;
  if (pitchScratch.length < count) pitchScratch = new Float64Array(count);
  const curve = pitchScratch;
  const vibratoIncrement = patch.vibratoRateHz / sampleRateHz;
  const vibratoDepth = patch.vibratoCents * LN2_OVER_1200;
  const glideSamples = GLIDE_SECONDS * sampleRateHz;
  let glideMultiplier = 1;
  for (let i = 0; i < count; i++) {
    if (patch.glideSemitones !== 0 && i % CONTROL_BLOCK_SAMPLES === 0) {
      const remaining = Math.max(0, 1 - i / glideSamples);
      glideMultiplier = exp2((patch.glideSemitones * remaining * remaining) / 12);
    }
    // First-order 2^x: vibrato depths are a few cents, where the error is far below hearing.
    curve[i] = glideMultiplier * (1 + vibratoDepth * sinTurns(i * vibratoIncrement));
  }
  return curve;
}

/** Adds one oscillator voice into `out`. One loop per waveform keeps each loop tight. */
function addVoice(
  patch: InstrumentPatch,
  baseIncrement: number,
  startPhase: number,
  pitch: Float64Array | null,
  decayMultiplier: number,
  out: Float32Array,
  count: number,
): void {
  let phase = startPhase;
  const kind = patch.oscillator;
  if (kind === 'fm') {
    const indexTurns = patch.fmIndex / 6.283185307179586;
    let modulatorPhase = 0;
    let brightness = 1; // the modulator fades with the decay stage: bright attack, mellow body
    for (let i = 0; i < count; i++) {
      const increment = pitch ? baseIncrement * pitch[i]! : baseIncrement;
      phase += increment;
      if (phase >= 1) phase -= 1;
      modulatorPhase += increment * patch.fmRatio;
      if (modulatorPhase >= 1) modulatorPhase -= Math.floor(modulatorPhase);
      brightness *= decayMultiplier;
      out[i] = out[i]! + sinTurns(phase + indexTurns * (0.15 + 0.85 * brightness) * sinTurns(modulatorPhase));
    }
    return;
  }
  for (let i = 0; i < count; i++) {
    const increment = pitch ? baseIncrement * pitch[i]! : baseIncrement;
    phase += increment;
    if (phase >= 1) phase -= 1;
    let sample: number;
    if (kind === 'saw') {
      sample = 2 * phase - 1 - polyBlep(phase, increment);
    } else if (kind === 'square') {
      const shifted = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5;
      sample = (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
    } else if (kind === 'triangle') {
      sample = 4 * Math.abs(phase - 0.5) - 1;
    } else if (kind === 'organ') {
      sample = (sinTurns(phase) + 0.5 * sinTurns(2 * phase) + 0.25 * sinTurns(3 * phase)) / 1.75;
    } else {
      sample = sinTurns(phase);
    }
    out[i] = out[i]! + sample;
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
  const count = Math.min(out.length, gateSamples + releaseSamples);
  const frequencyHz = midiToHz(midiNote);
  const decayMultiplier = decayPerSample(patch.decaySeconds, sampleRateHz);
  out.fill(0, 0, count);

  if (patch.oscillator === 'pluck') {
    const string = new PluckedString(frequencyHz, sampleRateHz, patch.pluckBrightness, rng);
    for (let i = 0; i < count; i++) out[i] = string.next();
  } else {
    const voices = unisonVoices(patch, frequencyHz, sampleRateHz, rng);
    const pitch = pitchCurve(patch, count, sampleRateHz);
    for (let v = 0; v < voices.increments.length; v++) {
      addVoice(patch, voices.increments[v]!, voices.phases[v]!, pitch, decayMultiplier, out, count);
    }
  }

  const attackSamples = Math.max(1, Math.round(patch.attackSeconds * sampleRateHz));
  if (patch.filterCutoffHz < sampleRateHz * 0.4 || patch.filterEnvelopeHz > 0) {
    const filter = new StateVariableFilter(sampleRateHz, 'lowpass');
    let sweep = 1;
    for (let i = 0; i < count; i++) {
      if (i % CONTROL_BLOCK_SAMPLES === 0 && (i === 0 || patch.filterEnvelopeHz > 0)) {
        filter.setCutoff(patch.filterCutoffHz + patch.filterEnvelopeHz * sweep, patch.filterResonance);
      }
      if (i >= attackSamples) sweep *= decayMultiplier;
      out[i] = filter.process(out[i]!);
    }
  }

  applyEnvelope(patch, out, count, gateSamples, attackSamples, releaseSamples, decayMultiplier, sampleRateHz, velocity);
  return count;
}

function applyEnvelope(
  patch: InstrumentPatch,
  out: Float32Array,
  count: number,
  gateSamples: number,
  attackSamples: number,
  releaseSamples: number,
  decayMultiplier: number,
  sampleRateHz: number,
  velocity: number,
): void {
  const releaseMultiplier = decayPerSample(patch.releaseSeconds, sampleRateHz);
  const gain = (velocity * Math.sqrt(velocity) * dbToGain(patch.gainDb)) / Math.sqrt(Math.max(1, patch.voices));
  let decayLevel = 1;
  let releaseLevel = 1;
  let level = 0;
  let releaseStartLevel = 0;
  for (let i = 0; i < count; i++) {
    if (i < gateSamples) {
      if (i < attackSamples) {
        level = i / attackSamples;
      } else {
        decayLevel *= decayMultiplier;
        level = patch.sustainLevel + (1 - patch.sustainLevel) * decayLevel;
      }
      releaseStartLevel = level;
    } else {
      // Exponential fall times a linear ramp, so the note ends at exactly zero: no click.
      releaseLevel *= releaseMultiplier;
      level = releaseStartLevel * releaseLevel * (1 - (i - gateSamples) / releaseSamples);
    }
    out[i] = out[i]! * level * gain;
  }
}
