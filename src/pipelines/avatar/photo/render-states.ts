import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Point, RgbaImage } from '../../../engines/face/index.js';
import { abortError } from '../../../engines/ffmpeg/index.js';
import { deformFace } from './deform-face.js';
import type { HeadPatch } from './head-patch.js';
import type { FaceState } from './mouth-track.js';
import { MOUTH_LEVELS, stateKey } from './mouth-track.js';
import { mouthPalette, type MouthPalette } from './mouth-palette.js';
import { paintMouthInterior } from './paint-mouth.js';
import { encodePamRgba } from './pam.js';
import { warpTriangles } from './warp-triangles.js';

/** The head patch cut out of the frame; pixels beyond the frame repeat its edge. */
export function cutPatch(frame: RgbaImage, head: HeadPatch): RgbaImage {
  const { x: px, y: py, width, height } = head.patch;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(frame.height - 1, Math.max(0, py + y));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(frame.width - 1, Math.max(0, px + x));
      const s = (sy * frame.width + sx) * 4;
      const t = (y * width + x) * 4;
      data[t] = frame.data[s]!;
      data[t + 1] = frame.data[s + 1]!;
      data[t + 2] = frame.data[s + 2]!;
      data[t + 3] = 255;
    }
  }
  return { width, height, data };
}

/** The palette of each rest picture, read once however many states are drawn from it. */
const palettes = new WeakMap<RgbaImage, MouthPalette>();

/**
 * One face state drawn on the head patch, with the patch's alpha. The opened mouth's colours are
 * read from `rest` itself; `_light` (from `faceLight`) is still taken for callers that measure it.
 */
export function drawFaceState(rest: RgbaImage, head: HeadPatch, state: FaceState, _light?: number): RgbaImage {
  const out: RgbaImage = { width: rest.width, height: rest.height, data: Uint8Array.from(rest.data) };
  const points: Point[] = deformFace(head, state);
  warpTriangles(rest, out, head.rest, points, head.triangles);
  if (state.mouth > 0) {
    const palette = palettes.get(rest) ?? mouthPalette(rest, head.rest);
    palettes.set(rest, palette);
    paintMouthInterior(out, points, { palette, lowerTeeth: lowerTeethShown(state) });
  }
  for (let i = 0, a = 3; i < head.alpha.length; i++, a += 4) out.data[a] = head.alpha[i]!;
  return out;
}

/**
 * How much of the lower teeth a state shows: all on a spread mouth ("ee"), some on middling
 * openings, little on the widest (the lower lip covers them as the jaw drops), none on a rounded
 * one ("oo", the lips pushed forward over them).
 */
export function lowerTeethShown(state: FaceState): number {
  if (state.width === 'narrow') return 0;
  if (state.width === 'wide') return 1;
  return state.mouth >= MOUTH_LEVELS - 2 ? 0.2 : 0.7;
}

/**
 * Draws each distinct state once and writes it as `<key>.pam` in `dir`. Returns the file of each
 * state key. `onState` reports each one done (for progress).
 */
export async function renderStateFiles(
  frame: RgbaImage,
  head: HeadPatch,
  states: readonly FaceState[],
  dir: string,
  opts: { signal?: AbortSignal; onState?: (done: number, total: number) => void } = {},
): Promise<Map<string, string>> {
  const rest = cutPatch(frame, head);
  const files = new Map<string, string>();
  let done = 0;
  for (const state of states) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    const key = stateKey(state);
    if (files.has(key)) continue;
    const drawn = drawFaceState(rest, head, state);
    const file = join(dir, `${key}.pam`);
    await writeFile(file, encodePamRgba(drawn.width, drawn.height, drawn.data));
    files.set(key, file);
    opts.onState?.(++done, states.length);
  }
  return files;
}
