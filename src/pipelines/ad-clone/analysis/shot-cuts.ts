import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Pacing, Shot } from '../../../domain/ad-clone/ad-analysis.js';
import { SHOT_THUMBNAIL_PX, SHOT_TIMES_FILE, shotFramesArgs } from '../../../engines/ffmpeg/args/scene-cuts.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { findShotBoundaries, type ShotBoundary, type ShotFrames } from './shot-boundaries.js';

const round = (v: number) => Math.round(v * 1000) / 1000;

/** `metadata=mode=print` output → each frame's presentation time, in order. */
export function parseFrameTimes(text: string): number[] {
  return [...text.matchAll(/pts_time:\s*(-?[\d.]+)/g)].map((m) => Number(m[1]));
}

/**
 * Shots between the boundaries found: a shot starts at a cut's first frame or a crossfade's middle
 * (and says how it came in), the first at 0, the last ends at the video's end.
 */
export function shotsFromBoundaries(boundaries: readonly Pick<ShotBoundary, 'timeSeconds' | 'kind' | 'seconds'>[], durationSeconds: number): Shot[] {
  const starts = [{ timeSeconds: 0, kind: 'cut' as const, seconds: 0 }, ...boundaries.filter((b) => b.timeSeconds > 0 && b.timeSeconds < durationSeconds)];
  return starts.map((start, index) => {
    const end = starts[index + 1]?.timeSeconds ?? durationSeconds;
    return {
      index,
      startSeconds: round(start.timeSeconds),
      endSeconds: round(end),
      durationSeconds: round(end - start.timeSeconds),
      ...(index > 0 ? { transitionIn: { kind: start.kind, seconds: round(start.seconds) } } : {}),
    };
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

/** Every frame of the video as a thumbnail with its time (one ffmpeg decode; the times go through a file in `workDir`). */
export async function readShotFrames(ffmpeg: FfmpegEngine, videoPath: string, opts: { workDir: string; signal?: AbortSignal }): Promise<ShotFrames> {
  await mkdir(opts.workDir, { recursive: true });
  const pixels = await ffmpeg.capture(shotFramesArgs(resolve(videoPath)), { cwd: opts.workDir, ...(opts.signal ? { signal: opts.signal } : {}) });
  // Times from the first frame: seeks (the OCR's frames) and the probe's length count from there.
  const printed = parseFrameTimes(await readFile(resolve(opts.workDir, SHOT_TIMES_FILE), 'utf8'));
  const times = printed.map((t) => t - (printed[0] ?? 0));
  const frameBytes = SHOT_THUMBNAIL_PX * SHOT_THUMBNAIL_PX * 3;
  const count = Math.min(times.length, Math.floor(pixels.length / frameBytes));
  return { side: SHOT_THUMBNAIL_PX, times: times.slice(0, count), pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, count * frameBytes) };
}

/** The reference's shots: its hard cuts and crossfades (`shot-boundaries.ts`) over every frame. */
export async function detectShots(
  ffmpeg: FfmpegEngine,
  videoPath: string,
  durationSeconds: number,
  opts: { workDir: string; signal?: AbortSignal },
): Promise<Shot[]> {
  const frames = await readShotFrames(ffmpeg, videoPath, opts);
  return shotsFromBoundaries(findShotBoundaries(frames), durationSeconds);
}
