import { describe, expect, it } from 'vitest';
import type { Point } from '../../../src/engines/face/index.js';
import { footageFrameAt, interpolateLandmarks, planFootageLoop, sampledFrames } from '../../../src/pipelines/avatar/footage/index.js';

/** A face (3 points) at an offset, and a signature whose every cell is `level`. */
const face = (dx: number): Point[] => [
  [100 + dx, 100],
  [140 + dx, 100],
  [120 + dx, 140],
];
const sig = (level: number) => new Uint8Array(16).fill(level);

describe('footage loop', () => {
  it('cuts where the footage comes back to a frame alike: a sway with a period of 60 frames', () => {
    const n = 100;
    const sway = Array.from({ length: n }, (_, f) => 20 * Math.sin((2 * Math.PI * f) / 60));
    const loop = planFootageLoop(
      sway.map((d) => sig(Math.round(128 + d))),
      sway.map(face),
      40,
      { minFrames: 45, maxCutCost: 6 },
    );
    expect(loop.mode).toBe('loop');
    expect((loop.end - loop.start) % 60).toBe(0); // whole periods
    expect(loop.cost).toBeLessThan(0.5);
  });

  it('ping-pongs footage that never comes back (a steady pan), or is too short to loop', () => {
    const pan = Array.from({ length: 90 }, (_, f) => f);
    expect(
      planFootageLoop(
        pan.map((d) => sig(d)),
        pan.map(face),
        40,
      ).mode,
    ).toBe('ping-pong');
    expect(planFootageLoop([sig(1), sig(1)], [face(0), face(0)], 40).mode).toBe('ping-pong');
  });

  it('maps output frames: a loop repeats its span; ping-pong goes back without repeating the ends', () => {
    const loop = { mode: 'loop', start: 10, end: 13, cost: 0 } as const;
    expect(Array.from({ length: 7 }, (_, i) => footageFrameAt(i, loop))).toEqual([10, 11, 12, 10, 11, 12, 10]);
    const pingPong = { mode: 'ping-pong', start: 0, end: 4, cost: 0 } as const;
    expect(Array.from({ length: 10 }, (_, i) => footageFrameAt(i, pingPong))).toEqual([0, 1, 2, 3, 2, 1, 0, 1, 2, 3]);
    expect(footageFrameAt(5, { mode: 'ping-pong', start: 0, end: 1, cost: 0 })).toBe(0);
  });
});

describe('landmark tracking between samples', () => {
  it('samples every n-th frame and the last', () => {
    expect(sampledFrames(12, 5)).toEqual([0, 5, 10, 11]);
    expect(sampledFrames(11, 5)).toEqual([0, 5, 10]);
  });

  it('interpolates linearly, holds at the ends, and bridges a sample with no face', () => {
    const track = interpolateLandmarks(
      [
        { frame: 2, landmarks: face(0) },
        { frame: 6, landmarks: null },
        { frame: 10, landmarks: face(40) },
      ],
      12,
    );
    expect(track).toHaveLength(12);
    expect(track[0]![0]).toEqual([100, 100]);
    expect(track[6]![0]![0]).toBeCloseTo(120);
    expect(track[8]![2]![0]).toBeCloseTo(150);
    expect(track[11]![0]).toEqual([140, 100]);
    expect(() => interpolateLandmarks([{ frame: 0, landmarks: null }], 3)).toThrow(/no face/);
  });
});
