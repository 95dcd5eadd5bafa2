/**
 * Reframing that follows the speaker: faces found on sampled frames become one smoothed path of
 * the face's centre (gaps held, a centred moving average so the window glides instead of
 * jittering, no smoothing across a shot change where the camera jumps), and each kept span gets
 * a crop window of the output's shape riding that path, inside the picture.
 */
import type { CropKey, TimeSpan } from '../../engines/ffmpeg/args/index.js';
import type { EditCut } from '../../media/edit-compile.js';

export interface Size {
  width: number;
  height: number;
}

/** The face seen on one sampled frame (centre and height, source pixels), or none. */
export interface FaceSample {
  atSeconds: number;
  face: { cx: number; cy: number; height: number } | null;
}

export interface PathPoint {
  atSeconds: number;
  cx: number;
  cy: number;
}

/** Half the width of the moving average, seconds: wide enough to still a detector's wobble, short enough to follow a walk. */
const SMOOTHING_HALF_WINDOW_SECONDS = 1;
/** Where the face's centre sits in a zoomed window, from its top (headroom above, chest below). */
const FACE_HEIGHT_IN_WINDOW = 0.42;
/** A key between two others is dropped when the straight line between them misses it by less than this (pixels). */
const KEY_TOLERANCE_PX = 1.5;

/** The largest window of the output's shape inside the source (even sizes). */
export function fullWindow(source: Size, output: Size): Size {
  const ratio = output.width / output.height;
  const width = Math.min(source.width, source.height * ratio);
  const height = width / ratio;
  return { width: evenFloor(width), height: evenFloor(height) };
}

/** The face path over the whole source; a frame centre when no face was seen at all. */
export function smoothFacePath(samples: readonly FaceSample[], shotChanges: readonly number[], source: Size): PathPoint[] {
  if (samples.length === 0) return [];
  const centre = { cx: source.width / 2, cy: source.height / 2 };
  const shotOf = (t: number) => shotChanges.filter((c) => c <= t + 1e-6).length;
  const filled: PathPoint[] = [];
  let lastSeen: { cx: number; cy: number } | null = null;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    if (i > 0 && shotOf(s.atSeconds) !== shotOf(samples[i - 1]!.atSeconds)) lastSeen = null;
    let at = s.face ?? lastSeen;
    if (!at) {
      // Not seen yet in this shot: the next face of the same shot, else the frame centre.
      const next = samples.slice(i + 1).find((n) => n.face && shotOf(n.atSeconds) === shotOf(s.atSeconds));
      at = next?.face ?? centre;
    }
    if (s.face) lastSeen = s.face;
    filled.push({ atSeconds: s.atSeconds, cx: at.cx, cy: at.cy });
  }
  return filled.map((p) => {
    const shot = shotOf(p.atSeconds);
    const near = filled.filter((q) => Math.abs(q.atSeconds - p.atSeconds) <= SMOOTHING_HALF_WINDOW_SECONDS && shotOf(q.atSeconds) === shot);
    return {
      atSeconds: p.atSeconds,
      cx: near.reduce((s, q) => s + q.cx, 0) / near.length,
      cy: near.reduce((s, q) => s + q.cy, 0) / near.length,
    };
  });
}

/** The path's centre at a time (linear between points, held at the ends). */
export function pathAt(path: readonly PathPoint[], t: number, source: Size): { cx: number; cy: number } {
  if (path.length === 0) return { cx: source.width / 2, cy: source.height / 2 };
  if (t <= path[0]!.atSeconds) return path[0]!;
  for (let i = 1; i < path.length; i++) {
    const b = path[i]!;
    if (t <= b.atSeconds) {
      const a = path[i - 1]!;
      const f = (t - a.atSeconds) / (b.atSeconds - a.atSeconds || 1);
      return { cx: a.cx + (b.cx - a.cx) * f, cy: a.cy + (b.cy - a.cy) * f };
    }
  }
  return path[path.length - 1]!;
}

/**
 * One kept span's window: the full window of the output's shape divided by `zoom`, centred on
 * the face path (horizontally on the face; vertically with headroom when the window is shorter
 * than the picture), kept inside the source, with keys only where the path bends.
 */
export function cutFor(span: TimeSpan, path: readonly PathPoint[], source: Size, window: Size, zoom: number, shotChanges: readonly number[] = []): EditCut {
  const width = evenFloor(window.width / zoom);
  const height = evenFloor(window.height / zoom);
  const times = [
    span.startSeconds,
    ...path.map((p) => p.atSeconds).filter((t) => t > span.startSeconds && t < span.endSeconds),
    // A shot change inside the span: the window jumps with the camera (two keys a frame apart).
    ...shotChanges.filter((c) => c > span.startSeconds && c < span.endSeconds).flatMap((c) => [c - 1 / 30, c]),
    span.endSeconds,
  ].sort((a, b) => a - b);
  const keys: CropKey[] = times.map((t) => {
    const { cx, cy } = pathAt(path, t, source);
    const x = clamp(cx - width / 2, 0, source.width - width);
    const y = height >= source.height ? 0 : clamp(cy - height * FACE_HEIGHT_IN_WINDOW, 0, source.height - height);
    return { atSeconds: round3(t - span.startSeconds), x: Math.round(x), y: Math.round(y) };
  });
  return {
    sourceStartSeconds: span.startSeconds,
    sourceEndSeconds: span.endSeconds,
    crop: { width, height, path: simplifyKeys(keys) },
  };
}

/** Drops keys that lie on the line between their neighbours (within a pixel and a half). */
export function simplifyKeys(keys: readonly CropKey[]): CropKey[] {
  if (keys.length <= 2) return [...keys];
  const out: CropKey[] = [keys[0]!];
  for (let i = 1; i < keys.length - 1; i++) {
    const a = out[out.length - 1]!;
    const b = keys[i]!;
    const c = keys[i + 1]!;
    const f = (b.atSeconds - a.atSeconds) / (c.atSeconds - a.atSeconds || 1);
    const off = Math.max(Math.abs(a.x + (c.x - a.x) * f - b.x), Math.abs(a.y + (c.y - a.y) * f - b.y));
    if (off > KEY_TOLERANCE_PX) out.push(b);
  }
  out.push(keys[keys.length - 1]!);
  return out;
}

function evenFloor(v: number): number {
  return Math.max(2, 2 * Math.floor(v / 2));
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(lo, v), Math.max(lo, hi));
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
