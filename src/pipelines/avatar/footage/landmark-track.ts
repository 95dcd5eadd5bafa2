import type { Point } from '../../../engines/face/index.js';

/** Landmarks found on one sampled frame, or null when no face was found there. */
export interface LandmarkSample {
  frame: number;
  landmarks: readonly Point[] | null;
}

/**
 * Landmarks for every frame from those found on sampled frames: linear between the two nearest
 * samples with a face, held before the first and after the last. Throws when no sample has one.
 */
export function interpolateLandmarks(samples: readonly LandmarkSample[], frameCount: number): Point[][] {
  const found = samples.filter((s): s is { frame: number; landmarks: readonly Point[] } => s.landmarks !== null).sort((a, b) => a.frame - b.frame);
  if (found.length === 0) throw new Error('no face on any sampled frame');
  const out: Point[][] = [];
  let k = 0;
  for (let f = 0; f < frameCount; f++) {
    while (k + 1 < found.length && found[k + 1]!.frame <= f) k++;
    const a = found[k]!;
    const b = found[k + 1];
    if (f <= a.frame || !b) {
      out.push(a.landmarks.map(([x, y]): Point => [x, y]));
      continue;
    }
    const t = (f - a.frame) / (b.frame - a.frame);
    out.push(a.landmarks.map(([x, y], i): Point => [x + (b.landmarks[i]![0] - x) * t, y + (b.landmarks[i]![1] - y) * t]));
  }
  return out;
}

/** Frames to run the face detector on: every `every`-th and the last. */
export function sampledFrames(frameCount: number, every: number): number[] {
  const step = Math.max(1, Math.round(every));
  const frames: number[] = [];
  for (let f = 0; f < frameCount; f += step) frames.push(f);
  if (frameCount > 0 && frames.at(-1) !== frameCount - 1) frames.push(frameCount - 1);
  return frames;
}

/**
 * Landmarks for every frame as a Gaussian-weighted mean of the sampled frames' landmarks (samples
 * without a face left out). The landmark net's answers wander by a pixel or two from frame to frame
 * on real footage; linear interpolation passes that wander on as a trembling mouth, the weighted
 * mean keeps the head's own motion (slower than `sigmaFrames`) and drops the wander.
 * Throws when no sample has a face.
 */
export function smoothLandmarks(samples: readonly LandmarkSample[], frameCount: number, sigmaFrames: number): Point[][] {
  const found = samples.filter((s): s is { frame: number; landmarks: readonly Point[] } => s.landmarks !== null).sort((a, b) => a.frame - b.frame);
  if (found.length === 0) throw new Error('no face on any sampled frame');
  const sigma = Math.max(0.5, sigmaFrames);
  const reach = 3 * sigma;
  const out: Point[][] = [];
  for (let f = 0; f < frameCount; f++) {
    const near = found.filter((s) => Math.abs(s.frame - f) <= reach);
    // A gap in the track wider than the kernel: the nearest sample holds.
    const used = near.length > 0 ? near : [found.reduce((a, b) => (Math.abs(b.frame - f) < Math.abs(a.frame - f) ? b : a))];
    const weights = used.map((s) => Math.exp(-((s.frame - f) ** 2) / (2 * sigma * sigma)));
    const total = weights.reduce((a, b) => a + b, 0);
    out.push(
      used[0]!.landmarks.map((_, i): Point => {
        let x = 0;
        let y = 0;
        used.forEach((s, k) => {
          x += s.landmarks[i]![0] * weights[k]!;
          y += s.landmarks[i]![1] * weights[k]!;
        });
        return [x / total, y / total];
      }),
    );
  }
  return out;
}
