import type { EyeState } from '../draw/face.js';
import { VISEME_SHAPES, type MouthFrame, type MouthTrack } from '../visemes/viseme-set.js';

/** Openings are drawn at three steps: more steps add drawings, not visible smoothness at 30 fps. */
const OPENNESS_STEPS = 3;

/** One drawing of the head: a mouth (viseme at a quantised opening) and an eye state. */
export interface Sprite {
  key: string;
  mouth: MouthFrame;
  eyes: EyeState;
}

/** A stretch of identical frames: one concat entry. */
export interface SpriteRun {
  key: string;
  startFrame: number;
  frames: number;
}

export interface SpritePlan {
  /** Distinct drawings, in first-use order. */
  sprites: Sprite[];
  runs: SpriteRun[];
  frames: number;
}

export function quantiseMouth(m: MouthFrame): MouthFrame {
  if (VISEME_SHAPES[m.viseme].lipsClosed) return { viseme: m.viseme, openness: 0 };
  const step = Math.min(OPENNESS_STEPS, Math.max(1, Math.round(m.openness * OPENNESS_STEPS)));
  return { viseme: m.viseme, openness: step / OPENNESS_STEPS };
}

export function spriteKey(mouth: MouthFrame, eyes: EyeState): string {
  return `${mouth.viseme}-${Math.round(mouth.openness * 100)}-${eyes}`;
}

/**
 * Frame-by-frame mouths and eyes → the drawings needed and the runs of frames that show each.
 * A 30 s clip has about 900 frames but only a few dozen distinct drawings, each drawn once.
 */
export function planSprites(track: MouthTrack, eyes: readonly EyeState[]): SpritePlan {
  const sprites = new Map<string, Sprite>();
  const runs: SpriteRun[] = [];
  track.forEach((m, f) => {
    const mouth = quantiseMouth(m);
    const eye = eyes[f] ?? 'open';
    const key = spriteKey(mouth, eye);
    if (!sprites.has(key)) sprites.set(key, { key, mouth, eyes: eye });
    const last = runs[runs.length - 1];
    if (last && last.key === key) last.frames++;
    else runs.push({ key, startFrame: f, frames: 1 });
  });
  return { sprites: [...sprites.values()], runs, frames: track.length };
}
