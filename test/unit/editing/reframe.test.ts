import { describe, expect, it } from 'vitest';
import { cutFor, fullWindow, simplifyKeys, smoothFacePath, type FaceSample } from '../../../src/pipelines/editing/reframe.js';

const source = { width: 1920, height: 1080 };
const face = (atSeconds: number, cx: number, cy = 540): FaceSample => ({ atSeconds, face: { cx, cy, height: 300 } });

describe('reframing', () => {
  it('takes the largest window of the output shape inside the source', () => {
    expect(fullWindow(source, { width: 1080, height: 1920 })).toEqual({ width: 606, height: 1080 });
    expect(fullWindow(source, { width: 1080, height: 1080 })).toEqual({ width: 1080, height: 1080 });
    expect(fullWindow({ width: 1080, height: 1920 }, { width: 1920, height: 1080 })).toEqual({ width: 1080, height: 606 });
  });

  it('smooths a wobbling detector into a still path, holds through missed frames, and does not smooth across a shot change', () => {
    const samples = Array.from({ length: 20 }, (_, i) => (i === 7 ? { atSeconds: i * 0.5, face: null } : face(i * 0.5, 1000 + (i % 2 === 0 ? 12 : -12))));
    const path = smoothFacePath(samples, [], source);
    const inner = path.slice(2, -2).map((p) => p.cx);
    expect(Math.max(...inner) - Math.min(...inner)).toBeLessThan(12);
    const cut = smoothFacePath([face(0, 400), face(0.5, 400), face(1, 1500), face(1.5, 1500)], [1], source);
    expect(cut.map((p) => p.cx)).toEqual([400, 400, 1500, 1500]);
    expect(smoothFacePath([{ atSeconds: 0, face: null }], [], source)[0]).toMatchObject({ cx: 960, cy: 540 });
  });

  it('rides the path with a window kept inside the picture, with headroom when zoomed', () => {
    const path = [
      { atSeconds: 0, cx: 100, cy: 540 },
      { atSeconds: 4, cx: 1900, cy: 540 },
    ];
    const window = fullWindow(source, { width: 1080, height: 1920 });
    const c = cutFor({ startSeconds: 1, endSeconds: 3 }, path, source, window, 1);
    expect(c.crop).toMatchObject({ width: 606, height: 1080 });
    expect(c.crop.path[0]).toEqual({ atSeconds: 0, x: Math.round(100 + 450 - 303), y: 0 });
    expect(c.crop.path.at(-1)).toEqual({ atSeconds: 2, x: Math.round(100 + 1350 - 303), y: 0 });
    const edge = cutFor({ startSeconds: 0, endSeconds: 1 }, [{ atSeconds: 0, cx: 0, cy: 0 }], source, window, 1.2);
    expect(edge.crop).toMatchObject({ width: 504, height: 900 });
    expect(edge.crop.path[0]).toMatchObject({ x: 0, y: 0 });
    const zoomed = cutFor({ startSeconds: 0, endSeconds: 1 }, [{ atSeconds: 0, cx: 960, cy: 400 }], source, window, 1.2);
    expect(zoomed.crop.path[0]!.y).toBe(Math.round(400 - 900 * 0.42));
  });

  it('keeps only the keys where the path bends', () => {
    const keys = [0, 1, 2, 3, 4].map((t) => ({ atSeconds: t, x: t < 3 ? t * 10 : 20, y: 0 }));
    expect(simplifyKeys(keys).map((k) => k.atSeconds)).toEqual([0, 2, 4]);
  });
});
