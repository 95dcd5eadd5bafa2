/** In-place radix-2 FFT (re, im of power-of-two length). */
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
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k);
        const wi = Math.sin(ang * k);
        const ar = re[i + k + len / 2]!;
        const ai = im[i + k + len / 2]!;
        const tr = ar * wr - ai * wi;
        const ti = ar * wi + ai * wr;
        re[i + k + len / 2] = re[i + k]! - tr;
        im[i + k + len / 2] = im[i + k]! - ti;
        re[i + k] = re[i + k]! + tr;
        im[i + k] = im[i + k]! + ti;
      }
    }
  }
}

const FRAME = 512;

/**
 * Median spectral centroid (up to `maxHz`) of the frames at the given times. Taken over voiced
 * frames it follows the vocal tract's formants more than the pitch: a longer tract (typically a
 * man's) gives lower formants and a lower centroid.
 */
export function medianSpectralCentroidHz(
  samples: Float32Array,
  rateHz: number,
  frameTimesSeconds: readonly number[],
  maxHz = 4000,
): number {
  const window = new Float64Array(FRAME).map((_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));
  const maxBin = Math.min(FRAME / 2, Math.floor((maxHz * FRAME) / rateHz));
  const centroids: number[] = [];
  for (const t of frameTimesSeconds) {
    const start = Math.round(t * rateHz) - FRAME / 2;
    if (start < 0 || start + FRAME > samples.length) continue;
    const re = new Float64Array(FRAME);
    const im = new Float64Array(FRAME);
    // Pre-emphasis flattens the glottal tilt so the centroid reflects formants, not loudness.
    for (let i = 0; i < FRAME; i++) re[i] = (samples[start + i]! - 0.97 * (samples[start + i - 1] ?? 0)) * window[i]!;
    fft(re, im);
    let num = 0;
    let den = 0;
    for (let k = 1; k < maxBin; k++) {
      const mag = Math.hypot(re[k]!, im[k]!);
      num += mag * ((k * rateHz) / FRAME);
      den += mag;
    }
    if (den > 0) centroids.push(num / den);
  }
  centroids.sort((a, b) => a - b);
  return centroids.length ? centroids[Math.floor(centroids.length / 2)]! : NaN;
}
