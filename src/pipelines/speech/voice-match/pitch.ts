/**
 * Fundamental frequency by YIN (de Cheveigné & Kawahara, 2002): the cumulative-mean-normalised
 * difference function, first dip under a threshold, parabolic refinement. Runs at 8 kHz, which
 * is plenty for voice pitch and four times cheaper than 16 kHz.
 */
export const PITCH_HOP_SECONDS = 0.01;
const ANALYSIS_RATE_HZ = 8000;
// Two and a half periods of the lowest pitch: YIN needs at least two to see a period.
const WINDOW_SECONDS = 0.04;
const MIN_PITCH_HZ = 60;
const MAX_PITCH_HZ = 450;
// Looser than the paper's 0.1: synthetic and compressed voices are less periodic, and a
// median over many frames shrugs off the odd wrong frame.
const THRESHOLD = 0.25;

function downsampleTo8k(samples: Float32Array, rateHz: number): Float32Array {
  const step = rateHz / ANALYSIS_RATE_HZ;
  const out = new Float32Array(Math.floor(samples.length / step));
  // Box filter over each step: a crude anti-alias filter, enough since YIN looks for the period.
  const span = Math.max(1, Math.round(step));
  for (let i = 0; i < out.length; i++) {
    const base = Math.floor(i * step);
    let sum = 0;
    for (let k = 0; k < span; k++) sum += samples[base + k] ?? 0;
    out[i] = sum / span;
  }
  return out;
}

export interface PitchAnalysis {
  /** Pitch in Hz per 10 ms hop; 0 where the frame is unvoiced or silent. */
  pitchHz: Float32Array;
  /** 1 where the frame is at least roughly periodic (a vowel, even a breathy or buzzy one). */
  periodic: Uint8Array;
}

/** Frames this aperiodic still count as "roughly periodic" for syllable detection. */
const PERIODIC_THRESHOLD = 0.45;

export function pitchTrackHz(samples: Float32Array, rateHz: number, opts: { silenceRms?: number } = {}): Float32Array {
  return analyzePitch(samples, rateHz, opts).pitchHz;
}

export function analyzePitch(samples: Float32Array, rateHz: number, opts: { silenceRms?: number } = {}): PitchAnalysis {
  const x = downsampleTo8k(samples, rateHz);
  const win = Math.round(WINDOW_SECONDS * ANALYSIS_RATE_HZ);
  const hop = Math.round(PITCH_HOP_SECONDS * ANALYSIS_RATE_HZ);
  const tauMin = Math.floor(ANALYSIS_RATE_HZ / MAX_PITCH_HZ);
  const tauMax = Math.ceil(ANALYSIS_RATE_HZ / MIN_PITCH_HZ);
  const frames = Math.max(0, Math.floor((x.length - win - tauMax) / hop) + 1);
  const out = new Float32Array(frames);
  const periodic = new Uint8Array(frames);
  const d = new Float64Array(tauMax + 2);
  const silence = opts.silenceRms ?? 0.003;
  for (let f = 0; f < frames; f++) {
    const base = f * hop;
    let energy = 0;
    for (let j = 0; j < win; j++) energy += x[base + j]! * x[base + j]!;
    if (Math.sqrt(energy / win) < silence) continue;
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let sum = 0;
      for (let j = 0; j < win; j++) {
        const diff = x[base + j]! - x[base + j + tau]!;
        sum += diff * diff;
      }
      d[tau] = sum;
    }
    let running = 0;
    let best = -1;
    const cmnd = new Float64Array(tauMax + 2);
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      running += d[tau]!;
      cmnd[tau] = running > 0 ? (d[tau]! * tau) / running : 1;
    }
    let lowest = 1;
    for (let tau = tauMin; tau <= tauMax; tau++) lowest = Math.min(lowest, cmnd[tau]!);
    if (lowest < PERIODIC_THRESHOLD) periodic[f] = 1;
    for (let tau = tauMin; tau <= tauMax; tau++) {
      if (cmnd[tau]! < THRESHOLD) {
        while (tau + 1 <= tauMax && cmnd[tau + 1]! < cmnd[tau]!) tau++;
        best = tau;
        break;
      }
    }
    if (best < 0) continue;
    const a = cmnd[best - 1]!;
    const b = cmnd[best]!;
    const c = cmnd[best + 1]!;
    const denom = a - 2 * b + c;
    const shift = denom !== 0 ? (0.5 * (a - c)) / denom : 0;
    out[f] = ANALYSIS_RATE_HZ / (best + Math.max(-1, Math.min(1, shift)));
  }
  return { pitchHz: out, periodic };
}
