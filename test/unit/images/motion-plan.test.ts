import { describe, expect, it } from 'vitest';
import { planDisplayShots } from '../../../src/pipelines/images/motion/plan-display-shots.js';
import { coverCrop, detailView, kenBurnsPath } from '../../../src/pipelines/images/motion/still-video.js';

describe('display shot plan', () => {
  it('one shot per motion, whole frames that add up (minus crossfades) to the exact length', () => {
    for (const [duration, fps] of [
      [10, 25],
      [7.3, 30],
      [15, 24],
    ] as const) {
      const plan = planDisplayShots(['orbit-parallax', 'push-in', 'light-sweep'], duration, fps, 9);
      expect(plan.shots.map((s) => s.kind)).toEqual(['orbit-parallax', 'push-in', 'light-sweep']);
      const frames = plan.shots.map((s) => Math.round(s.durationSeconds * fps));
      frames.forEach((f, i) => {
        expect(f).toBeCloseTo(plan.shots[i]!.durationSeconds * fps, 6);
      });
      const overlap = Math.round(plan.crossfadeSeconds * fps) * (plan.shots.length - 1);
      expect(frames.reduce((a, b) => a + b, 0) - overlap).toBe(Math.round(duration * fps));
      expect(plan.crossfadeSeconds).toBeGreaterThan(0);
    }
  });

  it('a short video keeps fewer shots rather than flashes; one motion has no crossfade', () => {
    expect(planDisplayShots(['push-in', 'turntable', 'light-sweep', 'reveal-slide', 'orbit-parallax'], 3, 25, 1).shots).toHaveLength(2);
    expect(planDisplayShots(['turntable'], 5, 25, 1)).toMatchObject({ crossfadeSeconds: 0, shots: [{ kind: 'turntable', durationSeconds: 5 }] });
  });

  it('the seed changes directions and amounts; the same seed repeats', () => {
    const motions = ['orbit-parallax', 'light-sweep', 'reveal-slide'] as const;
    const a = planDisplayShots(motions, 9, 25, 1);
    expect(planDisplayShots(motions, 9, 25, 1)).toEqual(a);
    const variations = new Set(
      Array.from({ length: 8 }, (_, s) => JSON.stringify(planDisplayShots(motions, 9, 25, s + 2).shots.map((x) => [x.direction, x.amount.toFixed(2)]))),
    );
    expect(variations.size).toBe(8);
  });
});

describe('still views', () => {
  it('cover crop: the centred part of the photo with the output aspect', () => {
    expect(coverCrop({ width: 640, height: 480 }, { width: 320, height: 180 })).toEqual({ x: 0, y: 60, width: 640, height: 360 });
  });

  it('detail view frames the focus, zoomed at most 3×, and keeps the frame inside the photo', () => {
    const v = detailView({ x: 300, y: 200, width: 80, height: 40 }, { width: 640, height: 480 }, { width: 320, height: 180 });
    expect(v.zoom).toBeCloseTo(Math.min(0.8 / (80 / 640), 3));
    expect(v.centreX).toBeCloseTo(340 / 640);
    expect(v.centreY).toBeCloseTo((220 - 60) / 360);
    const corner = detailView({ x: 0, y: 60, width: 40, height: 40 }, { width: 640, height: 480 }, { width: 320, height: 180 });
    expect(corner.centreX).toBeCloseTo(0.5 / corner.zoom);
    expect(corner.centreY).toBeCloseTo(0.5 / corner.zoom);
  });

  it('Ken Burns moves differ by seed and always change zoom', () => {
    const paths = [1, 2, 3, 4].map(kenBurnsPath);
    for (const p of paths) expect(Math.abs(p.to.zoom - p.from.zoom)).toBeGreaterThan(0.1);
    expect(new Set(paths.map((p) => p.from.centreX.toFixed(3))).size).toBe(4);
  });
});
