/**
 * Measurements used to check that rendered tracks are music: loudness, spectrum, onsets, tempo,
 * chroma (pitch-class content). Written for the tests; plain DSP, no dependencies.
 */

export function rms(samples: ArrayLike<number>, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / Math.max(1, end - start));
}

export function mixToMono(left: Float32Array, right: Float32Array): Float32Array {
  const mono = new Float32Array(left.length);
  for (let i = 0; i < left.length; i++) mono[i] = 0.5 * (left[i]! + right[i]!);
  return mono;
}

const twiddleCache = new Map<number, [Float64Array, Float64Array]>();

function twiddles(n: number): [Float64Array, Float64Array] {
  let pair = twiddleCache.get(n);
  if (!pair) {
    const cosines = new Float64Array(n / 2);
    const sines = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      cosines[k] = Math.cos((-2 * Math.PI * k) / n);
      sines[k] = Math.sin((-2 * Math.PI * k) / n);
    }
    pair = [cosines, sines];
    twiddleCache.set(n, pair);
  }
  return pair;
}

/** In-place iterative radix-2 FFT; `re.length` must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  const [cosines, sines] = twiddles(n);
  for (let size = 2; size <= n; size <<= 1) {
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = cosines[k * stride]!;
        const wi = sines[k * stride]!;
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** Magnitude spectrum of a Hann-windowed frame starting at `start` (zero-padded past the end). */
export function magnitudeSpectrum(samples: Float32Array, start: number, frameSize: number): Float64Array {
  const re = new Float64Array(frameSize);
  const im = new Float64Array(frameSize);
  for (let i = 0; i < frameSize; i++) {
    const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frameSize);
    re[i] = (samples[start + i] ?? 0) * window;
  }
  fft(re, im);
  const magnitudes = new Float64Array(frameSize / 2);
  for (let k = 0; k < frameSize / 2; k++) magnitudes[k] = Math.hypot(re[k]!, im[k]!);
  return magnitudes;
}

export interface SpectralSummary {
  /** Share of spectral energy below 250 Hz, 250-2000 Hz and above 2000 Hz. */
  bassShare: number;
  midShare: number;
  highShare: number;
  centroidHz: number;
}

export function spectralSummary(samples: Float32Array, sampleRateHz: number, frameSize = 4096): SpectralSummary {
  let bass = 0;
  let mid = 0;
  let high = 0;
  let weighted = 0;
  const binHz = sampleRateHz / frameSize;
  for (let start = 0; start + frameSize <= samples.length; start += frameSize * 2) {
    const spectrum = magnitudeSpectrum(samples, start, frameSize);
    for (let k = 1; k < spectrum.length; k++) {
      const energy = spectrum[k]! * spectrum[k]!;
      const hz = k * binHz;
      if (hz < 250) bass += energy;
      else if (hz < 2000) mid += energy;
      else high += energy;
      weighted += energy * hz;
    }
  }
  const total = bass + mid + high;
  return { bassShare: bass / total, midShare: mid / total, highShare: high / total, centroidHz: weighted / total };
}

export const ONSET_HOP_SAMPLES = 512;

/** Spectral flux on log magnitudes, half-wave rectified: peaks where new sound starts. */
export function onsetStrength(samples: Float32Array, frameSize = 1024, hop = ONSET_HOP_SAMPLES): Float64Array {
  const frameCount = Math.floor((samples.length - frameSize) / hop);
  const flux = new Float64Array(frameCount);
  let previous: Float64Array | null = null;
  for (let f = 0; f < frameCount; f++) {
    const spectrum = magnitudeSpectrum(samples, f * hop, frameSize).map((m) => Math.log1p(100 * m));
    if (previous) {
      let sum = 0;
      for (let k = 0; k < spectrum.length; k++) sum += Math.max(0, spectrum[k]! - previous[k]!);
      flux[f] = sum;
    }
    previous = spectrum;
  }
  // Remove the slowly varying floor so only the attacks remain.
  const radius = 8;
  const detrended = new Float64Array(frameCount);
  for (let f = 0; f < frameCount; f++) {
    let sum = 0;
    let count = 0;
    for (let g = Math.max(0, f - radius); g <= Math.min(frameCount - 1, f + radius); g++, count++) sum += flux[g]!;
    detrended[f] = Math.max(0, flux[f]! - sum / count);
  }
  return detrended;
}

/** Normalised autocorrelation of the onset strength at `lagFrames` (fractional lags interpolated). */
export function autocorrelationAt(signal: Float64Array, lagFrames: number): number {
  const whole = Math.floor(lagFrames);
  const fraction = lagFrames - whole;
  let mean = 0;
  for (const value of signal) mean += value;
  mean /= signal.length;
  let product = 0;
  let energy = 0;
  for (let i = 0; i + whole + 1 < signal.length; i++) {
    const a = signal[i]! - mean;
    const shifted = (1 - fraction) * signal[i + whole]! + fraction * signal[i + whole + 1]! - mean;
    product += a * shifted;
    energy += a * a;
  }
  return product / energy;
}

/** Tempo in beats per minute with the strongest periodicity between `minBpm` and `maxBpm`. */
export function estimateTempoBpm(samples: Float32Array, sampleRateHz: number, minBpm = 50, maxBpm = 200): number {
  const onsets = onsetStrength(samples);
  const framesPerSecond = sampleRateHz / ONSET_HOP_SAMPLES;
  let bestBpm = minBpm;
  let bestScore = -Infinity;
  for (let bpm = minBpm; bpm <= maxBpm; bpm += 0.25) {
    const lag = (60 / bpm) * framesPerSecond;
    // A beat keeps repeating at every multiple of its period, and in duple time its half period
    // (the off-beat eighths) repeats too. Scoring all of them separates the beat from periods that
    // are merely a whole number of eighths (three eighths fit an even eighth-note pulse as well).
    let score = 0;
    for (const multiple of [0.5, 1, 1.5, 2, 3, 4]) score += autocorrelationAt(onsets, multiple * lag);
    if (score > bestScore) {
      bestScore = score;
      bestBpm = bpm;
    }
  }
  return bestBpm;
}

/** 12-bin pitch-class profile of a stretch of audio, normalised to sum 1. */
export function chroma(samples: Float32Array, sampleRateHz: number, start: number, end: number, frameSize = 8192): number[] {
  const profile = new Array<number>(12).fill(0);
  const binHz = sampleRateHz / frameSize;
  for (let frame = start; frame + frameSize <= end; frame += frameSize) {
    const spectrum = magnitudeSpectrum(samples, frame, frameSize);
    for (let k = 1; k < spectrum.length; k++) {
      const hz = k * binHz;
      if (hz < 80 || hz > 2000) continue;
      const midi = 69 + 12 * Math.log2(hz / 440);
      const pitchClass = ((Math.round(midi) % 12) + 12) % 12;
      profile[pitchClass]! += spectrum[k]! * spectrum[k]!;
    }
  }
  const total = profile.reduce((a, b) => a + b, 0);
  return profile.map((value) => value / total);
}

export function cosineDistance(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return 1 - dot / Math.sqrt(normA * normB);
}

/** Absolute sample-to-sample steps, sorted: the "typical change" a loop seam is compared with. */
export function sortedSteps(samples: Float32Array): Float64Array {
  const steps = new Float64Array(samples.length - 1);
  for (let i = 1; i < samples.length; i++) steps[i - 1] = Math.abs(samples[i]! - samples[i - 1]!);
  return steps.sort();
}

export function percentile(sorted: Float64Array | number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
