import { describe, expect, it } from 'vitest';
import { planSceneCuts } from '../../../src/pipelines/video/scene-cuts.js';

const words = (spec: [number, number][]) => spec.map(([startSeconds, endSeconds], i) => ({ word: `w${i}`, startSeconds, endSeconds }));

describe('planSceneCuts', () => {
  it('covers the whole length with contiguous scenes', () => {
    const cuts = planSceneCuts(
      words([
        [0, 0.4],
        [0.5, 1],
        [1.1, 1.6],
      ]),
      12,
      3,
    );
    expect(cuts).toHaveLength(4);
    expect(cuts[0]!.startSeconds).toBe(0);
    expect(cuts.at(-1)!.endSeconds).toBe(12);
    for (let i = 1; i < cuts.length; i++) expect(cuts[i]!.startSeconds).toBe(cuts[i - 1]!.endSeconds);
  });

  it('moves a cut into the nearby pause between phrases instead of cutting mid-word', () => {
    // A long pause at 2.6–3.4 s; the ideal cut for two 3 s scenes is 3.0 s, inside a word otherwise.
    const spoken = words([
      [0, 1.2],
      [1.3, 2.6],
      [3.4, 4.4],
      [4.5, 6],
    ]);
    const [first] = planSceneCuts(spoken, 6, 3);
    expect(first!.endSeconds).toBeCloseTo(3.0, 1);
    const offset = planSceneCuts(
      words([
        [0, 1.2],
        [1.3, 2.2],
        [2.9, 4.4],
        [4.5, 6],
      ]),
      6,
      3,
    );
    expect(offset[0]!.endSeconds).toBeCloseTo(2.55, 2);
  });

  it('never makes a scene shorter than half the target', () => {
    const spoken = words(Array.from({ length: 40 }, (_, i) => [i * 0.5, i * 0.5 + 0.3] as [number, number]));
    const cuts = planSceneCuts(spoken, 20, 2.5);
    for (const c of cuts) expect(c.endSeconds - c.startSeconds).toBeGreaterThanOrEqual(1.25 - 1e-9);
  });

  it('gives one scene for a short video and none for nothing', () => {
    expect(planSceneCuts([], 1, 3)).toEqual([{ startSeconds: 0, endSeconds: 1 }]);
    expect(planSceneCuts([], 0, 3)).toEqual([]);
  });
});
