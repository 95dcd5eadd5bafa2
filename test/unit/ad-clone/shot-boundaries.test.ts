import { describe, expect, it } from 'vitest';
import { findShotBoundaries, type ShotFrames } from '../../../src/pipelines/ad-clone/analysis/shot-boundaries.js';
import { parseFrameTimes, shotsFromBoundaries } from '../../../src/pipelines/ad-clone/analysis/shot-cuts.js';

const SIDE = 32;
const FPS = 30;
type Scene = (x: number, y: number, frame: number) => [number, number, number];

/** A scene: a soft two-colour gradient drifting across, with a light square gliding over it (footage moves). */
function scene(a: [number, number, number], b: [number, number, number], drift: number): Scene {
  return (x, y, f) => {
    const t = 0.5 + 0.5 * Math.sin((x + y * 0.6 + f * drift) / 9);
    const square = Math.abs(x - ((f * 0.4) % SIDE)) < 4 && Math.abs(y - 12) < 4;
    return [0, 1, 2].map((c) => (square ? 230 : a[c]! * t + b[c]! * (1 - t))) as [number, number, number];
  };
}

/** Frames from a list of (scene, frames, fade into it). */
function frames(parts: { scene: Scene; frames: number; fadeIn?: number }[]): ShotFrames {
  const list: Scene[] = [];
  const mix: { from: Scene; share: number }[] = [];
  for (const p of parts) {
    const fade = p.fadeIn ?? 0;
    const before = list.length;
    for (let i = 0; i < p.frames; i++) {
      list.push(p.scene);
      mix.push({ from: list[before - 1] ?? p.scene, share: i < fade ? (i + 1) / (fade + 1) : 1 });
    }
  }
  const pixels = new Uint8Array(list.length * SIDE * SIDE * 3);
  list.forEach((s, f) => {
    for (let y = 0; y < SIDE; y++) {
      for (let x = 0; x < SIDE; x++) {
        const now = s(x, y, f);
        const was = mix[f]!.from(x, y, f);
        const share = mix[f]!.share;
        for (let c = 0; c < 3; c++) pixels[((f * SIDE + y) * SIDE + x) * 3 + c] = Math.round(now[c]! * share + was[c]! * (1 - share));
      }
    }
  });
  return { side: SIDE, times: list.map((_, i) => i / FPS), pixels };
}

const red = scene([200, 40, 50], [240, 200, 180], 0.3);
const blue = scene([30, 60, 200], [200, 220, 240], -0.4);
const green = scene([40, 160, 70], [20, 40, 30], 0.25);
// Two shots of one product on one pale ground: they differ only where the product is.
const paleA = scene([235, 230, 225], [215, 205, 200], 0.5);
const paleB: Scene = (x, y, f) => (Math.abs(x - 20) < 7 && Math.abs(y - 18) < 10 ? [30, 60, 160] : paleA(x, y, f));

describe('shot boundaries', () => {
  it('finds hard cuts on the new shot’s first frame, also between two shots of one pale ground', () => {
    const found = findShotBoundaries(
      frames([
        { scene: red, frames: 40 },
        { scene: blue, frames: 30 },
        { scene: paleA, frames: 35 },
        { scene: paleB, frames: 40 },
      ]),
    );
    expect(found.map((b) => [b.kind, b.frame])).toEqual([
      ['cut', 40],
      ['cut', 70],
      ['cut', 105],
    ]);
  });

  it('finds crossfades at their middle with their length, where every frame differs little from the last', () => {
    const found = findShotBoundaries(
      frames([
        { scene: red, frames: 45 },
        { scene: blue, frames: 45, fadeIn: 12 },
        { scene: green, frames: 45, fadeIn: 10 },
      ]),
    );
    expect(found.map((b) => b.kind)).toEqual(['fade', 'fade']);
    // The fades' middles: frames 45 + 6 and 90 + 5.
    expect(Math.abs(found[0]!.frame - 51)).toBeLessThanOrEqual(1);
    expect(Math.abs(found[1]!.frame - 95)).toBeLessThanOrEqual(1);
    expect(found[0]!.seconds).toBeGreaterThan(0.25);
    expect(found[0]!.seconds).toBeLessThan(0.6);
  });

  it('finds fast cuts 12–20 frames apart, and a crossfade right after a cut', () => {
    const fast = [red, blue, green, paleB, red, blue].map((s, i) => ({ scene: s, frames: [14, 12, 20, 16, 13, 30][i]! }));
    const found = findShotBoundaries(frames([...fast, { scene: green, frames: 40, fadeIn: 12 }]));
    expect(found.map((b) => [b.kind, b.frame])).toEqual([
      ['cut', 14],
      ['cut', 26],
      ['cut', 46],
      ['cut', 62],
      ['cut', 75],
      ['fade', 111],
    ]);
  });

  it('sees no cut where a caption changes or the picture moves in whole-pixel steps', () => {
    const captioned: Scene = (x, y, f) => (y >= 24 && y < 28 && x >= 4 && x < 4 + 6 * Math.min(4, Math.floor(f / 15)) ? [255, 255, 255] : red(x, y, f));
    // A still panned a thumbnail pixel every 10 frames (what a slideshow's whole-pixel crop does).
    const stepped: Scene = (x, y, f) => {
      const t = 0.5 + 0.5 * Math.sin((x + Math.floor(f / 10)) / 2) * Math.cos(y / 3);
      return [60 + 160 * t, 50 + 150 * t, 40 + 110 * t];
    };
    expect(findShotBoundaries(frames([{ scene: captioned, frames: 75 }]))).toEqual([]);
    expect(findShotBoundaries(frames([{ scene: stepped, frames: 75 }]))).toEqual([]);
  });

  it('turns boundaries into shots that say how they came in', () => {
    const shots = shotsFromBoundaries(
      [
        { timeSeconds: 1.5, kind: 'fade', seconds: 0.4 },
        { timeSeconds: 4, kind: 'cut', seconds: 0 },
      ],
      6,
    );
    expect(shots).toEqual([
      { index: 0, startSeconds: 0, endSeconds: 1.5, durationSeconds: 1.5 },
      { index: 1, startSeconds: 1.5, endSeconds: 4, durationSeconds: 2.5, transitionIn: { kind: 'fade', seconds: 0.4 } },
      { index: 2, startSeconds: 4, endSeconds: 6, durationSeconds: 2, transitionIn: { kind: 'cut', seconds: 0 } },
    ]);
    expect(parseFrameTimes('frame:0    pts:0       pts_time:0\nlavfi.scd.score=0\nframe:1    pts:512     pts_time:0.04\n')).toEqual([0, 0.04]);
  });
});
