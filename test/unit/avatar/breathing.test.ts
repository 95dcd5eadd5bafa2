import { describe, expect, it } from 'vitest';
import { breatheStill, breathingLevels, breathingWave, levelValue, planBreathing, rowWeight } from '../../../src/pipelines/avatar/photo/breathing.js';
import { buildPhotoAvatarArgs } from '../../../src/pipelines/avatar/photo/ffmpeg-args.js';
import { waveValue } from '../../../src/pipelines/avatar/photo/head-motion.js';

/** A 4×100 grey picture with one white row at `row`. */
function lined(row: number) {
  const data = new Uint8Array(4 * 100 * 4).fill(60);
  data.fill(255, row * 16, row * 16 + 16);
  return { width: 4, height: 100, data };
}
/** Where the white row is, to a tenth of a pixel (brightness-weighted centre). */
function lineAt(image: { data: Uint8Array }): number {
  let sum = 0;
  let weight = 0;
  for (let y = 0; y < 100; y++) {
    const w = image.data[y * 16]! - 60;
    sum += y * w;
    weight += w;
  }
  return sum / weight;
}

describe('breathing (pure)', () => {
  const breath = { ...planBreathing({ faceHeight: 200, pivotY: 40 }, 3), amplitudePx: 2 };

  it('lifts the neck row by the amplitude, less above and below, nothing at the top and bottom edges', () => {
    expect(rowWeight(40, 100, 40)).toBe(1);
    expect(rowWeight(0, 100, 40)).toBe(0);
    expect(rowWeight(100, 100, 40)).toBe(0);
    expect(rowWeight(20, 100, 40)).toBeCloseTo(0.5, 5);
    expect(rowWeight(70, 100, 40)).toBeCloseTo(0.25, 5); // a square towards the waist
    // Breathing in (value 1) moves the neck's row 2 px up, breathing out 2 px down; the bottom row stays.
    expect(lineAt(breatheStill(lined(40), breath, 1))).toBeCloseTo(38, 0);
    expect(lineAt(breatheStill(lined(40), breath, -1))).toBeCloseTo(42, 0);
    expect(lineAt(breatheStill(lined(40), breath, 0))).toBeCloseTo(40, 5);
    expect(lineAt(breatheStill(lined(97), breath, 1))).toBeCloseTo(97, 0);
  });

  it('steps through its pictures in time with the wave the head rides on; a 4 s breath, seeded', () => {
    expect(breath.periodSeconds).toBeGreaterThanOrEqual(3.6);
    expect(breath.periodSeconds).toBeLessThanOrEqual(4.7);
    expect(planBreathing({ faceHeight: 200, pivotY: 40 }, 3)).toEqual(planBreathing({ faceHeight: 200, pivotY: 40 }, 3));
    const levels = breathingLevels(breath, 300);
    expect(new Set(levels).size).toBe(breath.levels);
    const wave = breathingWave(breath);
    for (const n of [0, 17, 55, 140, 299]) {
      // The head's drift (down positive) is minus the still's lift at the neck, to within one step.
      const lift = levelValue(breath, levels[n]!) * breath.amplitudePx;
      expect(Math.abs(waveValue([wave], n / 30) + lift)).toBeLessThanOrEqual(breath.amplitudePx / (breath.levels - 1) + 1e-9);
    }
  });

  it('reads the breathing stills as a concat list when asked', () => {
    const plan = {
      backgroundPath: '/w/breathing.ffconcat',
      backgroundIsConcat: true,
      concatListPath: '/w/states.ffconcat',
      frame: { width: 360, height: 640 },
      region: { x: 100, y: 100, width: 160, height: 200 },
      marginPx: 8,
      pivotInRegion: [80, 180] as [number, number],
      motion: null,
      frameCount: 60,
      preset: 'veryfast',
      crf: 23,
      outputPath: '/w/out.mp4',
    };
    const args = buildPhotoAvatarArgs(plan);
    expect(args.slice(0, 6)).toEqual(['-f', 'concat', '-safe', '0', '-i', '/w/breathing.ffconcat']);
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v\]fps=30,format=yuv420p\[still\]/);
    expect(buildPhotoAvatarArgs({ ...plan, backgroundIsConcat: false }).slice(0, 2)).toEqual(['-i', '/w/breathing.ffconcat']);
  });
});
