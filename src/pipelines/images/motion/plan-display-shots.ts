import { createRng } from '../../../core/random.js';
import type { DisplayShot } from '../../../engines/ffmpeg/args/display-shots.js';
import type { DisplayMotion } from './motion-kinds.js';

/** Shots shorter than this read as a flash, not a move: long videos get more shots, not shorter ones. */
const MIN_SHOT_SECONDS = 1.2;

export interface DisplayShotPlan {
  shots: DisplayShot[];
  crossfadeSeconds: number;
}

/**
 * Splits a display video into one shot per asked motion (in the asked order), each as long as
 * the others, overlapping by a short crossfade so the cut is soft. The seed picks each shot's
 * direction, amount of travel and zoom, the turntable's turns and the reveal's side, so a new
 * seed (regen_video) moves visibly differently.
 */
export function planDisplayShots(motions: readonly DisplayMotion[], durationSeconds: number, fps: number, seed: number): DisplayShotPlan {
  if (motions.length === 0) throw new Error('at least one motion');
  if (!(durationSeconds > 0)) throw new Error('a positive duration');
  const count = Math.max(1, Math.min(motions.length, Math.floor(durationSeconds / MIN_SHOT_SECONDS)));
  const crossfadeSeconds = count > 1 ? Math.min(0.5, durationSeconds / count / 4) : 0;
  const totalFrames = Math.round(durationSeconds * fps);
  const fadeFrames = Math.round(crossfadeSeconds * fps);
  // Every shot a whole number of frames, and together (minus the overlaps) exactly the video.
  const framesWithOverlap = totalFrames + (count - 1) * fadeFrames;
  const rng = createRng(seed >>> 0).fork('display-shots');
  const shots: DisplayShot[] = [];
  let used = 0;
  for (let i = 0; i < count; i++) {
    const frames = i === count - 1 ? framesWithOverlap - used : Math.round(framesWithOverlap / count);
    used += frames;
    const kind = motions[i]!;
    const shotRng = rng.fork(`${i}:${kind}`);
    const shotSeconds = frames / fps;
    shots.push({
      kind,
      durationSeconds: shotSeconds,
      direction: shotRng.chance(0.5) ? 1 : -1,
      amount: 0.7 + 0.6 * shotRng.next(),
      fromBelow: shotRng.chance(0.35),
      turns: shotSeconds >= 6 && shotRng.chance(0.5) ? 2 : 1,
    });
  }
  return { shots, crossfadeSeconds: fadeFrames / fps };
}
