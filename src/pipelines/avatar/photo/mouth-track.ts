/**
 * What drives a photo avatar, frame by frame at 30 fps, and how it is reduced to the few face
 * states that are drawn once and reused (8 mouth openings × 3 mouth widths × 3 eyelid states).
 */
import { seededRandom } from '../../../core/random.js';

export const AVATAR_FPS = 30;

export interface PhotoMouthFrame {
  /** 0 closed (as in the photo) … 1 wide open. */
  openness: number;
  /** Mouth width factor: about 0.85 rounded ("oo"), 1 as in the photo, 1.1 spread ("ee"). */
  width?: number;
  /** 0 eyes open … 1 closed. Left out: blinks are planned by `withPlannedBlinks`. */
  blink?: number;
}

export const MOUTH_LEVELS = 8;

export type WidthLevel = 'narrow' | 'normal' | 'wide';
export type BlinkLevel = 'open' | 'half' | 'closed';

export interface FaceState {
  /** 0..MOUTH_LEVELS-1; 0 is the photo's own mouth. */
  mouth: number;
  width: WidthLevel;
  blink: BlinkLevel;
}

/** Width factors a level stands for when it is drawn. */
export const WIDTH_FACTOR: Record<WidthLevel, number> = { narrow: 0.86, normal: 1, wide: 1.1 };
/** How far the upper lid travels towards the lower one. */
export const BLINK_CLOSURE: Record<BlinkLevel, number> = { open: 0, half: 0.55, closed: 1 };

export function quantiseFrame(frame: PhotoMouthFrame): FaceState {
  const openness = clamp01(Number.isFinite(frame.openness) ? frame.openness : 0);
  const width = frame.width ?? 1;
  const blink = clamp01(frame.blink ?? 0);
  return {
    mouth: Math.round(openness * (MOUTH_LEVELS - 1)),
    // A closed mouth is drawn as in the photo whatever the viseme's width.
    width: openness < 0.5 / (MOUTH_LEVELS - 1) ? 'normal' : width < 0.93 ? 'narrow' : width > 1.05 ? 'wide' : 'normal',
    blink: blink < 0.25 ? 'open' : blink < 0.75 ? 'half' : 'closed',
  };
}

export function stateKey(state: FaceState): string {
  return `m${state.mouth}-${state.width}-${state.blink}`;
}

/** The lid closure over a blink's frames at 30 fps (about 170 ms). */
const BLINK_PROFILE = [0.5, 1, 1, 0.5, 0.3];

/**
 * Blink strength per frame: a blink every 2.5–6 s (people blink 10–20 times a minute), the first
 * within 0.8–2.5 s, placed by a seeded generator so a render is repeatable.
 */
export function planBlinks(frameCount: number, seed: number, fps = AVATAR_FPS, rate = 1): number[] {
  const random = seededRandom(seed);
  const blinks = new Array<number>(frameCount).fill(0);
  // `rate` (motion guidance) divides the gaps; at least one frame of open eyes between blinks.
  const gap = (seconds: number) => Math.max(BLINK_PROFILE.length + 1, Math.round((seconds * fps) / rate));
  let at = Math.round(((0.8 + random() * 1.7) * fps) / rate);
  while (at < frameCount) {
    BLINK_PROFILE.forEach((value, i) => {
      if (at + i < frameCount) blinks[at + i] = value;
    });
    at += gap(2.5 + random() * 3.5);
  }
  return blinks;
}

/** Frames with blinks filled in where the track did not say. */
export function withPlannedBlinks(frames: readonly PhotoMouthFrame[], seed: number, blinkRate = 1): PhotoMouthFrame[] {
  if (frames.every((f) => f.blink !== undefined)) return [...frames];
  const planned = planBlinks(frames.length, seed, AVATAR_FPS, blinkRate);
  return frames.map((f, i) => (f.blink === undefined ? { ...f, blink: planned[i]! } : f));
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
