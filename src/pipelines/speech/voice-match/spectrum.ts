import { fft } from '../../../media/fft.js';

const FRAME = 512;

/**
 * Median spectral centroid (up to `maxHz`) of the frames at the given times. Taken over voiced
 * frames it follows the vocal tract's formants more than the pitch: a longer tract (typically a
 * man's) gives lower formants and a lower centroid.
 */
export function medianSpectralCentroidHz(samples: Float32Array, rateHz: number, frameTimesSeconds: readonly number[], maxHz = 4000): number {
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
