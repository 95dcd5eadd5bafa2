import type { MotionBounds } from './head-patch.js';
import { seededRandom } from '../../../core/random.js';
import { AVATAR_FPS } from './mouth-track.js';

/** One sine: amplitude (radians or pixels), period in seconds, phase in radians. */
export interface Wave {
  amplitude: number;
  periodSeconds: number;
  phase: number;
}

/** Idle head motion as sums of slow sines with unrelated periods, so it never visibly repeats. */
export interface HeadMotion {
  /** Tilt, radians, clockwise positive. */
  angle: Wave[];
  /** Drift, pixels, right and down positive. */
  shiftX: Wave[];
  shiftY: Wave[];
}

/**
 * `natural`: tilt and drift. `drift`: the drift alone, for cheaper renders (turning the head is
 * ffmpeg's `rotate` filter, about 6 ms a frame at 720p; drifting is a moving crop, nearly free).
 * `still`: no motion.
 */
export type HeadMotionKind = 'natural' | 'drift' | 'still';

/**
 * Under a degree of tilt (±0.86° at most; ±1.2° read as a wobbling still in the trial), a sideways drift of ±1.4 % of the face width and a nod of ±0.9 % of the
 * brow–chin distance: enough to read as a live person, little enough to stay out of the way.
 */
export function planHeadMotion(
  face: { faceWidth: number; faceHeight: number },
  seed: number,
  kind: Exclude<HeadMotionKind, 'still'> = 'natural',
  /** Amplitude multipliers (Aurora's motion guidance): all motion, and the nod on top; default 1 and 1. */
  scale: { headMotion: number; nod: number } = { headMotion: 1, nod: 1 },
): HeadMotion {
  const random = seededRandom(seed ^ 0x5eed);
  // The periods and phases are drawn in the same order whatever the scale, so a scaled plan is
  // the default plan with larger or smaller waves.
  const wave = (amplitude: number, minPeriod: number, maxPeriod: number, gain = scale.headMotion): Wave => ({
    amplitude: amplitude * gain,
    periodSeconds: minPeriod + random() * (maxPeriod - minPeriod),
    phase: random() * 2 * Math.PI,
  });
  return {
    angle: kind === 'natural' ? [wave(0.01, 4.3, 5.5), wave(0.005, 2.3, 3.1)] : [],
    shiftX: [wave(0.01 * face.faceWidth, 5.5, 7.5), wave(0.004 * face.faceWidth, 2.9, 3.7)],
    shiftY: [wave(0.006 * face.faceHeight, 3.7, 4.9, scale.headMotion * scale.nod), wave(0.003 * face.faceHeight, 1.9, 2.5, scale.headMotion * scale.nod)],
  };
}

/** The most the motion can turn and move, for sizing the patch margin. */
export function motionBounds(motion: HeadMotion): MotionBounds {
  const sum = (waves: Wave[]): number => waves.reduce((s, w) => s + Math.abs(w.amplitude), 0);
  return { maxAngleRadians: sum(motion.angle), maxShiftPx: Math.hypot(sum(motion.shiftX), sum(motion.shiftY)) };
}

/** The value at a time, in JS (for tests and for checking the ffmpeg expressions). */
export function waveValue(waves: readonly Wave[], seconds: number): number {
  return waves.reduce((s, w) => s + w.amplitude * Math.sin((2 * Math.PI * seconds) / w.periodSeconds + w.phase), 0);
}

/** The same sum as an ffmpeg expression of the frame number `n`. */
export function waveExpression(waves: readonly Wave[], fps = AVATAR_FPS): string {
  if (waves.length === 0) return '0';
  return waves.map((w) => `${num(w.amplitude)}*sin(${num((2 * Math.PI) / (w.periodSeconds * fps))}*n+${num(w.phase)})`).join('+');
}

function num(value: number): string {
  return Number(value.toFixed(6)).toString();
}
