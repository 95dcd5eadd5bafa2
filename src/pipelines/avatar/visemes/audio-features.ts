import { fft } from '../../../media/fft.js';
/**
 * Per-video-frame features of mono PCM, the inputs for a mouth driven by a user's own audio:
 * loudness, how much of the sound is low (voiced vowels) or high (hiss of s, f, sh), and where the
 * spectrum's weight sits. One analysis window per frame, centred on it.
 */
export interface FrameFeatures {
  /** RMS level in dBFS (−120 for digital silence). */
  levelDb: number;
  /** Sign changes per sample, 0..1: high for hiss, low for voiced sound. */
  zeroCrossingRate: number;
  /** Spectral centroid in Hz over 200 Hz … 4 kHz, after pre-emphasis (so formants, not the voice's pitch, dominate). */
  centroidHz: number;
  /** Share of (pre-emphasised) energy below 1 kHz, over 200 Hz … 4 kHz. */
  lowShare: number;
}

const WINDOW = 512;

/** Features for `frames` frames at `fps` (frame f centred at (f + 0.5)/fps). */
export function analyzeFrames(samples: Float32Array, sampleRateHz: number, fps: number, frames: number): FrameFeatures[] {
  const hann = new Float32Array(WINDOW);
  for (let i = 0; i < WINDOW; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (WINDOW - 1));
  const re = new Float64Array(WINDOW);
  const im = new Float64Array(WINDOW);
  const binHz = sampleRateHz / WINDOW;
  const lowBin = Math.max(1, Math.round(200 / binHz));
  const splitBin = Math.round(1000 / binHz);
  const highBin = Math.min(WINDOW / 2, Math.round(4000 / binHz));
  const hop = sampleRateHz / fps;
  const out: FrameFeatures[] = [];
  for (let f = 0; f < frames; f++) {
    // RMS and zero crossings over exactly this frame's samples.
    const from = Math.round(f * hop);
    const to = Math.min(samples.length, Math.round((f + 1) * hop));
    let sum = 0;
    let crossings = 0;
    for (let i = from; i < to; i++) {
      const s = samples[i]!;
      sum += s * s;
      if (i > from && s >= 0 !== samples[i - 1]! >= 0) crossings++;
    }
    const n = Math.max(1, to - from);
    const rms = Math.sqrt(sum / n);
    const levelDb = rms > 0 ? Math.max(-120, 20 * Math.log10(rms)) : -120;

    // Spectrum of a window centred on the frame.
    const centre = Math.round((f + 0.5) * hop);
    for (let i = 0; i < WINDOW; i++) {
      const k = centre - WINDOW / 2 + i;
      // Pre-emphasis (x[n] − 0.95·x[n−1]) flattens voiced speech's steep spectral tilt.
      const x = k >= 0 && k < samples.length ? samples[k]! - (k > 0 ? 0.95 * samples[k - 1]! : 0) : 0;
      re[i] = x * hann[i]!;
      im[i] = 0;
    }
    fft(re, im);
    let total = 0;
    let low = 0;
    let weighted = 0;
    for (let b = lowBin; b < highBin; b++) {
      const p = re[b]! * re[b]! + im[b]! * im[b]!;
      total += p;
      weighted += p * b * binHz;
      if (b < splitBin) low += p;
    }
    out.push({
      levelDb,
      zeroCrossingRate: crossings / n,
      centroidHz: total > 0 ? weighted / total : 0,
      lowShare: total > 0 ? low / total : 0,
    });
  }
  return out;
}

/** Pearson correlation of two equal-length series (0 when either is constant). */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = Math.min(x.length, y.length);
  if (n < 2) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}
