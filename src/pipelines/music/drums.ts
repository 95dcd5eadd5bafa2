/**
 * Drum one-shots synthesised from pitched sine sweeps and filtered noise, rendered once per track
 * (a few variants each, so repeated hits do not sound machine-identical) and then mixed at each hit.
 */
import { decayPerSample, exp2, sinTurns as importedSinTurns } from './deterministic-math.js';
import { StateVariableFilter } from './filters.js';
import type { Rng } from '../../core/random.js';
import type { DrumKind, KickSound } from './styles.js';

/** Bound once: per-sample calls through a transpiled module namespace (tsx, vitest) cost a getter each. */
const sinTurns = importedSinTurns;

const ATTACK_SECONDS = 0.001;

interface ToneLayer {
  startHz: number;
  endHz: number;
  sweepSeconds: number;
  decaySeconds: number;
  level: number;
}

interface NoiseLayer {
  response: 'lowpass' | 'bandpass' | 'highpass';
  cutoffHz: number;
  resonance: number;
  decaySeconds: number;
  level: number;
  /** Hand-clap: several short bursts before the tail. */
  bursts: number;
}

interface DrumRecipe {
  tones: ToneLayer[];
  noise: NoiseLayer | null;
  attackSeconds: number;
  lengthSeconds: number;
  gain: number;
}

const KICKS: Record<KickSound, DrumRecipe> = {
  punchy: {
    tones: [{ startHz: 160, endHz: 48, sweepSeconds: 0.04, decaySeconds: 0.45, level: 1 }],
    noise: { response: 'lowpass', cutoffHz: 3000, resonance: 0, decaySeconds: 0.012, level: 0.35, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.5,
    gain: 0.9,
  },
  soft: {
    tones: [{ startHz: 110, endHz: 50, sweepSeconds: 0.05, decaySeconds: 0.35, level: 1 }],
    noise: null,
    attackSeconds: 0.003,
    lengthSeconds: 0.4,
    gain: 0.7,
  },
  boom: {
    tones: [{ startHz: 130, endHz: 44, sweepSeconds: 0.06, decaySeconds: 0.9, level: 1 }],
    noise: { response: 'lowpass', cutoffHz: 2500, resonance: 0, decaySeconds: 0.01, level: 0.3, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.9,
    gain: 0.9,
  },
  deep: {
    tones: [{ startHz: 90, endHz: 38, sweepSeconds: 0.08, decaySeconds: 1.1, level: 1 }],
    noise: { response: 'lowpass', cutoffHz: 800, resonance: 0, decaySeconds: 0.2, level: 0.3, bursts: 1 },
    attackSeconds: 0.002,
    lengthSeconds: 1.2,
    gain: 0.9,
  },
};

const OTHER_DRUMS: Record<Exclude<DrumKind, 'kick'>, DrumRecipe> = {
  snare: {
    tones: [{ startHz: 240, endHz: 180, sweepSeconds: 0.02, decaySeconds: 0.12, level: 0.5 }],
    noise: { response: 'highpass', cutoffHz: 1500, resonance: 0.1, decaySeconds: 0.22, level: 0.7, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.3,
    gain: 0.55,
  },
  clap: {
    tones: [],
    noise: { response: 'bandpass', cutoffHz: 1300, resonance: 0.3, decaySeconds: 0.18, level: 1, bursts: 3 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.3,
    gain: 0.7,
  },
  closedHat: {
    tones: [],
    noise: { response: 'highpass', cutoffHz: 7500, resonance: 0.2, decaySeconds: 0.06, level: 1, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.08,
    gain: 0.5,
  },
  openHat: {
    tones: [],
    noise: { response: 'highpass', cutoffHz: 6500, resonance: 0.2, decaySeconds: 0.4, level: 1, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.45,
    gain: 0.35,
  },
  shaker: {
    tones: [],
    noise: { response: 'bandpass', cutoffHz: 6000, resonance: 0.2, decaySeconds: 0.08, level: 1, bursts: 1 },
    attackSeconds: 0.012,
    lengthSeconds: 0.1,
    gain: 0.5,
  },
  rim: {
    tones: [{ startHz: 820, endHz: 800, sweepSeconds: 0.01, decaySeconds: 0.04, level: 0.6 }],
    noise: { response: 'bandpass', cutoffHz: 3000, resonance: 0.4, decaySeconds: 0.03, level: 0.5, bursts: 1 },
    attackSeconds: ATTACK_SECONDS,
    lengthSeconds: 0.08,
    gain: 0.4,
  },
  tom: {
    tones: [{ startHz: 110, endHz: 62, sweepSeconds: 0.12, decaySeconds: 0.9, level: 1 }],
    noise: { response: 'lowpass', cutoffHz: 1200, resonance: 0, decaySeconds: 0.15, level: 0.4, bursts: 1 },
    attackSeconds: 0.002,
    lengthSeconds: 1,
    gain: 0.6,
  },
};

export function drumRecipe(kind: DrumKind, kickSound: KickSound): DrumRecipe {
  return kind === 'kick' ? KICKS[kickSound] : OTHER_DRUMS[kind];
}

function renderRecipe(recipe: DrumRecipe, sampleRateHz: number, rng: Rng): Float32Array {
  const length = Math.round(recipe.lengthSeconds * sampleRateHz);
  const out = new Float32Array(length);
  const attackSamples = Math.max(1, Math.round(recipe.attackSeconds * sampleRateHz));
  const fadeSamples = Math.round(0.005 * sampleRateHz);
  // Small random detune per variant: real drums never hit the same twice.
  const detune = exp2((rng.bipolar() * 0.3) / 12);

  for (const tone of recipe.tones) {
    const sweepMultiplier = decayPerSample(tone.sweepSeconds / 6.9, sampleRateHz); // 6.9 time constants = 60 dB
    const ampMultiplier = decayPerSample(tone.decaySeconds, sampleRateHz);
    let sweep = 1;
    let amplitude = tone.level;
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const frequencyHz = (tone.endHz + (tone.startHz - tone.endHz) * sweep) * detune;
      phase += frequencyHz / sampleRateHz;
      if (phase >= 1) phase -= 1;
      out[i] = out[i]! + sinTurns(phase) * amplitude;
      sweep *= sweepMultiplier;
      amplitude *= ampMultiplier;
    }
  }

  const noise = recipe.noise;
  if (noise) {
    const filter = new StateVariableFilter(sampleRateHz, noise.response);
    filter.setCutoff(noise.cutoffHz * detune, noise.resonance);
    const ampMultiplier = decayPerSample(noise.decaySeconds, sampleRateHz);
    const burstSpacing = Math.round(0.011 * sampleRateHz);
    const burstMultiplier = decayPerSample(0.012, sampleRateHz);
    let amplitude = noise.level;
    let burstAmplitude = noise.level;
    for (let i = 0; i < length; i++) {
      let envelope = amplitude;
      if (noise.bursts > 1 && i < burstSpacing * noise.bursts) {
        if (i % burstSpacing === 0) burstAmplitude = noise.level;
        envelope = burstAmplitude;
        burstAmplitude *= burstMultiplier;
      } else {
        amplitude *= ampMultiplier;
      }
      out[i] = out[i]! + filter.process(rng.bipolar()) * envelope;
    }
  }

  for (let i = 0; i < length; i++) {
    let shape = recipe.gain;
    if (i < attackSamples) shape *= i / attackSamples;
    if (i >= length - fadeSamples) shape *= (length - i) / fadeSamples;
    out[i] = out[i]! * shape;
  }
  return out;
}

export const DRUM_VARIANTS = 4;

/** `DRUM_VARIANTS` renderings of one drum, to be used round-robin. */
export function synthesizeDrumVariants(kind: DrumKind, kickSound: KickSound, sampleRateHz: number, rng: Rng): Float32Array[] {
  const recipe = drumRecipe(kind, kickSound);
  const variants: Float32Array[] = [];
  for (let i = 0; i < DRUM_VARIANTS; i++) variants.push(renderRecipe(recipe, sampleRateHz, rng.fork(`${kind}-${i}`)));
  return variants;
}
