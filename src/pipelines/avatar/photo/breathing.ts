import { seededRandom } from '../../../core/random.js';
import type { RgbaImage } from '../../../engines/face/index.js';
import type { Wave } from './head-motion.js';
import { AVATAR_FPS } from './mouth-track.js';

/**
 * Breathing: the shoulders and chest rise and settle about once every 4 s. The still picture is
 * stretched a little upwards by rows — most at the neck (`pivotY`, where the head rides), nothing
 * at the frame's bottom or top — and the head patch is lifted by the same amount through a wave
 * added to its drift. The still is drawn at `levels` steps of the breath and shown by runs (as
 * the face states are), so a frame costs nothing more; a step is at most 0.4 px at 720p.
 */
export interface Breathing {
  /** The lift at the neck at the top of a breath, in frame pixels (the bottom of one is the same down). */
  amplitudePx: number;
  periodSeconds: number;
  phase: number;
  /** The row that moves most (the pivot below the chin), in frame pixels. */
  pivotY: number;
  /** How many pictures of the breath are drawn; odd, so the rest picture is one of them. */
  levels: number;
}

/** Half the lift, as a share of the brow–chin distance: ±2.1 px on a 210 px face. */
export const BREATH_SHARE = 0.01;

export function planBreathing(face: { faceHeight: number; pivotY: number }, seed: number, gain = 1): Breathing {
  const random = seededRandom(seed ^ 0xb4ea7);
  return {
    amplitudePx: BREATH_SHARE * face.faceHeight * gain,
    periodSeconds: 3.6 + random() * 1.1,
    phase: random() * 2 * Math.PI,
    pivotY: face.pivotY,
    levels: 9,
  };
}

/** The breath's value, −1 … 1, at frame `n` (the same sine as `breathingWave`). */
export function breathAt(b: Breathing, n: number, fps = AVATAR_FPS): number {
  return Math.sin((2 * Math.PI * n) / (b.periodSeconds * fps) + b.phase);
}

/** The picture index (0 … levels−1) each frame shows. */
export function breathingLevels(b: Breathing, frameCount: number, fps = AVATAR_FPS): number[] {
  return Array.from({ length: frameCount }, (_, n) => Math.round(((breathAt(b, n, fps) + 1) / 2) * (b.levels - 1)));
}

/** The breath value a picture index stands for. */
export function levelValue(b: Breathing, level: number): number {
  return (2 * level) / (b.levels - 1) - 1;
}

/** The head's lift as a drift wave (pixels, down positive), so the head rides on the shoulders. */
export function breathingWave(b: Breathing): Wave {
  return { amplitude: -b.amplitudePx, periodSeconds: b.periodSeconds, phase: b.phase };
}

/**
 * How much of the lift a row gets: 1 at the pivot, falling straight to 0 at the top, and as a
 * square towards the bottom (the chest and shoulders rise, the waist hardly).
 */
export function rowWeight(y: number, height: number, pivotY: number): number {
  const pivot = Math.min(height - 1, Math.max(1, pivotY));
  return y <= pivot ? Math.max(0, y / pivot) : Math.max(0, (height - y) / Math.max(1, height - pivot)) ** 2;
}

/** The still lifted by `value` (−1 … 1) of the breath: row y shows the photo's row y + lift(y), interpolated. */
export function breatheStill(still: RgbaImage, b: Breathing, value: number): RgbaImage {
  const { width, height } = still;
  const out = new Uint8Array(still.data.length);
  const rowBytes = width * 4;
  for (let y = 0; y < height; y++) {
    const source = Math.min(height - 1, Math.max(0, y + value * b.amplitudePx * rowWeight(y, height, b.pivotY)));
    const y0 = Math.floor(source);
    const y1 = Math.min(height - 1, y0 + 1);
    const f = source - y0;
    const a = y0 * rowBytes;
    const c = y1 * rowBytes;
    const o = y * rowBytes;
    if (f < 1e-3) {
      out.set(still.data.subarray(a, a + rowBytes), o);
      continue;
    }
    for (let i = 0; i < rowBytes; i++) out[o + i] = Math.round(still.data[a + i]! * (1 - f) + still.data[c + i]! * f);
  }
  return { width, height, data: out };
}
