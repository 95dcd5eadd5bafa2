import type { WordTiming } from '../../core/timing.js';

/** Where a scene starts and ends on the video, in seconds. */
export interface SceneCut {
  startSeconds: number;
  endSeconds: number;
}

/**
 * Cuts `totalSeconds` of video into scenes of about `targetSceneSeconds`, placing each cut in
 * the widest pause between words near the ideal point, so a picture changes between phrases
 * rather than mid-word. Pure: the same words always give the same cuts.
 */
export function planSceneCuts(words: readonly WordTiming[], totalSeconds: number, targetSceneSeconds: number): SceneCut[] {
  if (!(totalSeconds > 0)) return [];
  const count = Math.max(1, Math.round(totalSeconds / Math.max(0.5, targetSceneSeconds)));
  const ideal = totalSeconds / count;
  const gaps = wordGaps(words);
  const cuts: number[] = [0];
  for (let i = 1; i < count; i++) {
    const target = ideal * i;
    const previous = cuts[cuts.length - 1]!;
    // A cut may move by up to 40 % of a scene, never making a scene shorter than half the ideal.
    const window = ideal * 0.4;
    const candidates = gaps.filter((g) => Math.abs(g.atSeconds - target) <= window && g.atSeconds - previous >= ideal * 0.5);
    const best = candidates.sort((a, b) => score(b, target, window) - score(a, target, window))[0];
    cuts.push(round(best ? best.atSeconds : target));
  }
  cuts.push(round(totalSeconds));
  return cuts.slice(0, -1).map((start, i) => ({ startSeconds: start, endSeconds: cuts[i + 1]! }));
}

interface Gap {
  atSeconds: number;
  widthSeconds: number;
}

function wordGaps(words: readonly WordTiming[]): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < words.length; i++) {
    const width = Math.max(0, words[i]!.startSeconds - words[i - 1]!.endSeconds);
    gaps.push({ atSeconds: (words[i]!.startSeconds + words[i - 1]!.endSeconds) / 2, widthSeconds: width });
  }
  return gaps;
}

/** Wide pauses win; among similar pauses the one nearest the ideal point. */
function score(gap: Gap, target: number, window: number): number {
  return Math.min(gap.widthSeconds, 0.5) * 4 - Math.abs(gap.atSeconds - target) / window;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
