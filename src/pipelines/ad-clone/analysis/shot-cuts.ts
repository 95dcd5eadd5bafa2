import type { Pacing, Shot } from '../../../domain/ad-clone/ad-analysis.js';
import { sceneScoreArgs } from '../../../engines/ffmpeg/args/scene-cuts.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';

export interface SceneScore {
  timeSeconds: number;
  /** scdet's score, 0–100: the mean absolute frame difference beyond the previous one's. */
  score: number;
}

/** A score this high is a cut: a hard cut between unrelated shots scores 20–60, motion within a shot under 5. */
export const CUT_SCORE = 10;
/** Cuts closer than this are one cut seen twice (a flash, a fast transition). */
export const MIN_SHOT_SECONDS = 0.4;

/** `metadata=mode=print` output → one score per frame. */
export function parseSceneScores(text: string): SceneScore[] {
  const out: SceneScore[] = [];
  let time: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const t = /pts_time:\s*(-?[\d.]+)/.exec(line);
    if (t) {
      time = Number(t[1]);
      continue;
    }
    const s = /^lavfi\.scd\.score=(-?[\d.]+)/.exec(line.trim());
    if (s && time !== null) {
      out.push({ timeSeconds: time, score: Number(s[1]) });
      time = null;
    }
  }
  return out;
}

/** The times of the cuts: scores over `threshold`, at least `minShotSeconds` from the start, the end and each other (the stronger kept). */
export function cutTimes(scores: readonly SceneScore[], durationSeconds: number, threshold = CUT_SCORE, minShotSeconds = MIN_SHOT_SECONDS): number[] {
  const candidates = scores
    .filter((s) => s.score >= threshold && s.timeSeconds >= minShotSeconds && s.timeSeconds <= durationSeconds - minShotSeconds)
    .sort((a, b) => b.score - a.score);
  const kept: number[] = [];
  for (const c of candidates) {
    if (kept.every((k) => Math.abs(k - c.timeSeconds) >= minShotSeconds)) kept.push(c.timeSeconds);
  }
  return kept.sort((a, b) => a - b);
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export function shotsFromCuts(cuts: readonly number[], durationSeconds: number): Shot[] {
  const bounds = [0, ...cuts, durationSeconds];
  return bounds.slice(0, -1).map((start, index) => {
    const end = bounds[index + 1]!;
    return { index, startSeconds: round(start), endSeconds: round(end), durationSeconds: round(end - start) };
  });
}

export function pacingOf(shots: readonly Shot[], durationSeconds: number): Pacing {
  const lengths = shots.map((s) => s.durationSeconds);
  return {
    shotCount: shots.length,
    averageShotSeconds: round(lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length)),
    shortestShotSeconds: round(Math.min(...lengths)),
    longestShotSeconds: round(Math.max(...lengths)),
    cutsPerMinute: round(((shots.length - 1) * 60) / Math.max(durationSeconds, 1e-3)),
  };
}

/** The reference's shots, from ffmpeg's scene-change scores. */
export async function detectShots(ffmpeg: FfmpegEngine, videoPath: string, durationSeconds: number, signal?: AbortSignal): Promise<Shot[]> {
  const out = await ffmpeg.capture(sceneScoreArgs(videoPath), { signal });
  return shotsFromCuts(cutTimes(parseSceneScores(out.toString('utf8')), durationSeconds), durationSeconds);
}
