import { changedShare, meanAbsDifference, placeChange, shiftedDifference } from './frame-measures.js';

/**
 * Where a video's shots change, from thumbnails of every frame (`ShotFrames`): hard cuts and
 * crossfades, each placed on a frame. Pure; the frames come from `shot-cuts.ts`.
 *
 * A fixed threshold on a frame difference (ffmpeg's scene score at 10, what ran before) misses what
 * real ads do: two shots of one product on a pale ground differ little, a crossfade spreads its
 * change over a dozen frames that each differ little, and a fast pan differs a lot without a cut.
 * So every test here is against the video's own motion around the frame:
 *
 * - **Hard cut**: the frame's difference from the one before is a spike — the largest within
 *   ±`CUT_WINDOW_SECONDS`, several times the motion around it, spread over much of the picture (a
 *   caption that changes alters a strip, not the frame) and not explained by parts of the picture
 *   moving a little.
 * - **Crossfade** (and any cut the spike test let pass): the difference between frames
 *   ±`FADE_SPAN_SECONDS` apart peaks well above the same span's difference inside the shots on
 *   either side.
 *
 * Each is then placed where the picture is half-way from the shot before to the shot after:
 * every frame of the span is projected on the line from the first frame to the last (0 = before,
 * 1 = after), and the change sits where those shares add up to (a step for a cut, a ramp for a
 * crossfade; the sum finds either's middle, and motion averages out).
 */

export interface ShotFrames {
  /** Thumbnails are `side` × `side` RGB, one after another in `pixels`. */
  side: number;
  /** Presentation time of each frame, seconds. */
  times: readonly number[];
  pixels: Uint8Array;
}

export interface ShotBoundary {
  /** The new shot's first frame (a cut) or the crossfade's middle, seconds. */
  timeSeconds: number;
  frame: number;
  kind: 'cut' | 'fade';
  /** How long the change takes (0 for a cut). */
  seconds: number;
}

/** A cut is the largest frame difference within this many seconds either side. */
export const CUT_WINDOW_SECONDS = 0.2;
/** …and at least this many times the motion around it (the largest other difference in the window). */
export const CUT_RATIO = 2;
/** …and most of it (this share) left when each part of the picture may have moved a little. */
export const CUT_EXPLAINED_SHARE = 0.25;
/** …and at least this (mean absolute difference of the thumbnails, 0–255). */
export const CUT_MIN_DIFFERENCE = 6;
/** …over at least this share of the picture (blocks of the thumbnail that changed). */
export const CUT_MIN_CHANGED_SHARE = 0.3;
/** Half the span a crossfade is looked for over: crossfades up to about twice this are whole inside it. */
export const FADE_SPAN_SECONDS = 0.33;
/** A crossfade's span differs this many times more than the same span inside the shots beside it (their mean). */
export const FADE_RATIO = 1.6;
/** …or this many times, when a cut close by leaves a shot on one side only. */
export const FADE_RATIO_ONE_SIDE = 2.5;
/** …and at least this (0–255). */
export const FADE_MIN_DIFFERENCE = 12;
/** Two changes closer than this are one (the stronger, a cut before a crossfade, is kept). */
export const MIN_SHOT_SECONDS = 0.25;

/** The frame rate the times show (median frame step), for turning seconds into frames. */
function frameRate(times: readonly number[]): number {
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  const median = steps[Math.floor(steps.length / 2)];
  return median ? 1 / median : 25;
}

type Found = ShotBoundary & { strength: number; spike: boolean };

/**
 * The hard cuts and crossfades of a video, from every frame's thumbnail: cuts found as spikes,
 * then crossfades between them, then one change kept per place.
 */
export function findShotBoundaries(frames: ShotFrames): ShotBoundary[] {
  const n = frames.times.length;
  if (n < 3) return [];
  const video = viewOf(frames);
  const cuts = hardCuts(video);
  const fades = crossfades(
    video,
    cuts.map((c) => c.frame),
  );
  return onePerPlace([...cuts, ...fades], video);
}

interface VideoView {
  n: number;
  side: number;
  size: number;
  fps: number;
  times: readonly number[];
  frame: (i: number) => Uint8Array;
  diff: (a: number, b: number) => number;
}

function viewOf({ side, times, pixels }: ShotFrames): VideoView {
  const size = side * side * 3;
  const frame = (i: number) => pixels.subarray(i * size, (i + 1) * size);
  return { n: times.length, side, size, fps: frameRate(times), times, frame, diff: (a, b) => meanAbsDifference(frame(a), frame(b)) };
}

/**
 * Hard cuts: spikes of the frame-to-frame difference — the largest within ±`CUT_WINDOW_SECONDS`,
 * `CUT_RATIO` times the largest other there (the last frame of a crossfade into a still shot stands
 * out from the still side only, so both sides count) — over much of the picture, which no small
 * shift of each part of the frame before explains (a still panned in whole-pixel steps jumps too).
 */
function hardCuts(v: VideoView): Found[] {
  const d1 = new Float64Array(v.n);
  for (let i = 1; i < v.n; i++) d1[i] = v.diff(i - 1, i);
  const m = Math.max(2, Math.round(CUT_WINDOW_SECONDS * v.fps));
  const found: Found[] = [];
  for (let i = 1; i < v.n; i++) {
    const value = d1[i]!;
    if (value < CUT_MIN_DIFFERENCE) continue;
    let motion = 0;
    let isMax = true;
    for (let j = Math.max(1, i - m); j <= Math.min(v.n - 1, i + m); j++) {
      if (j === i) continue;
      if (d1[j]! > value) isMax = false;
      motion = Math.max(motion, d1[j]!);
    }
    if (!isMax || value < CUT_RATIO * motion) continue;
    if (changedShare(v.frame(i - 1), v.frame(i), v.side) < CUT_MIN_CHANGED_SHARE) continue;
    const moved = shiftedDifference(v.frame(i - 1), v.frame(i), v.side);
    if (moved < CUT_EXPLAINED_SHARE * value || moved < CUT_MIN_DIFFERENCE) continue;
    found.push({ timeSeconds: v.times[i]!, frame: i, kind: 'cut', seconds: 0, strength: value / Math.max(1, motion), spike: true });
  }
  return found;
}

/**
 * Crossfades (and any cut the spike test let pass): the difference across ±`FADE_SPAN_SECONDS`
 * peaks; the change is placed (`placeChange`, three times: on the span, on a span centred on it,
 * then on the change's own frames), and must stand `FADE_RATIO` times above the same span's
 * difference inside the shots on either side, between shots seen on their own a moment before and
 * after, and not be explained by motion. Nothing reaches over a cut already found (a span over a
 * cut would hide a crossfade beside it).
 */
function crossfades(v: VideoView, cuts: readonly number[]): Found[] {
  const k = Math.max(2, Math.round(FADE_SPAN_SECONDS * v.fps));
  const alone = Math.max(2, Math.round((MIN_SHOT_SECONDS / 2) * v.fps));
  const prevCut = (f: number) => cuts.filter((c) => c <= f).at(-1) ?? 0;
  const nextCut = (f: number) => cuts.find((c) => c > f) ?? v.n;
  const across = new Float64Array(v.n);
  for (let i = k; i + k < v.n; i++) {
    const lo = Math.max(i - k, prevCut(i));
    const hi = Math.min(i + k, nextCut(i) - 1);
    across[i] = hi - lo >= k ? v.diff(lo, hi) : 0;
  }
  const found: Found[] = [];
  for (let i = k; i + k < v.n; i++) {
    const value = across[i]!;
    if (value < FADE_MIN_DIFFERENCE) continue;
    let isPeak = true;
    for (let j = Math.max(k, i - k); j <= Math.min(v.n - 1 - k, i + k); j++) if (across[j]! > value || (across[j] === value && j < i)) isPeak = false;
    if (!isPeak) continue;
    const floor = prevCut(i);
    const ceiling = nextCut(i) - 1;
    const within = (lo: number, hi: number) => placeChange(v.frame, Math.max(floor, lo), Math.min(ceiling, hi), v.size);
    const first = Math.round(within(i - k, i + k).at);
    let placed = within(first - k, first + k);
    let at = Math.min(ceiling, Math.max(floor + 1, Math.round(placed.at)));
    let half = Math.ceil(placed.rampFrames / 2) + 1;
    if (placed.rampFrames >= 2) {
      placed = within(at - half - 1, at + half);
      at = Math.min(ceiling, Math.max(floor + 1, Math.round(placed.at)));
      half = Math.ceil(placed.rampFrames / 2) + 1;
    }
    const a = Math.max(floor, at - half - 1);
    const b = Math.min(ceiling, at + half);
    if (a - floor < alone || ceiling - b < alone) continue;
    const change = v.diff(a, b);
    const span = b - a;
    // Motion inside the shots beside it over as long a span, up to the cuts found (a shorter span
    // is scaled up to the change's: slow motion grows with the span, so this errs towards none);
    // their mean, as the span holds half of each (a busy shot fading into a still one).
    const sides: number[] = [];
    const left = Math.max(prevCut(a), a - span);
    if (a - left >= 2) sides.push((v.diff(left, a) * span) / (a - left));
    const right = Math.min(nextCut(b) - 1, b + span);
    if (right - b >= 2) sides.push((v.diff(b, right) * span) / (right - b));
    // Between two cuts closer than the span there is no shot to compare with: no crossfade there.
    if (!sides.length) continue;
    const inside = sides.reduce((sum, x) => sum + x, 0) / sides.length;
    if (change < FADE_MIN_DIFFERENCE || change < (sides.length === 2 ? FADE_RATIO : FADE_RATIO_ONE_SIDE) * inside) continue;
    // A picture that only moved (a pan speeding up, a still stepped along) is explained by a shift.
    if (shiftedDifference(v.frame(a), v.frame(b), v.side) < CUT_EXPLAINED_SHARE * change) continue;
    // Frames part-way are those between 15 % and 85 % of the way: 70 % of a linear crossfade.
    const isFade = placed.rampFrames >= 2;
    found.push({
      timeSeconds: v.times[at]!,
      frame: at,
      kind: isFade ? 'fade' : 'cut',
      seconds: isFade ? Math.round((placed.rampFrames / 0.7 / v.fps) * 1000) / 1000 : 0,
      strength: change / Math.max(1, inside),
      spike: false,
    });
  }
  return found;
}

/** One change per place (`MIN_SHOT_SECONDS` apart, none at the very ends): cuts found as spikes first (placed on their frame), then the strongest. */
function onePerPlace(found: Found[], v: VideoView): ShotBoundary[] {
  const minGap = Math.max(2, Math.round(MIN_SHOT_SECONDS * v.fps));
  const kept: ShotBoundary[] = [];
  for (const f of [...found].sort((x, y) => Number(y.spike) - Number(x.spike) || y.strength - x.strength)) {
    if (f.frame < minGap || f.frame > v.n - minGap) continue;
    if (kept.every((other) => Math.abs(other.frame - f.frame) >= minGap))
      kept.push({ timeSeconds: f.timeSeconds, frame: f.frame, kind: f.kind, seconds: f.seconds });
  }
  return kept.sort((x, y) => x.frame - y.frame);
}
