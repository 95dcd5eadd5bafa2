import { describe, expect, it } from 'vitest';
import { pictureFitFilters } from '../../../src/engines/ffmpeg/args/index.js';
import { freeArea, overlaps, rectOf } from '../../../src/pipelines/video/product-area.js';

const canvasPx = { width: 1080, height: 1920 };

describe('pictureFitFilters', () => {
  it('whole: crops only when the shapes match within 10 %, contains into the safe box otherwise, over a blurred fill', () => {
    const f = pictureFitFilters({ mode: 'whole', canvasPx, safePx: { width: 950, height: 1690 } });
    expect(f.backdrop.join(',')).toMatch(/scale=48:86:force_original_aspect_ratio=increase,crop=48:86,.*gblur.*scale=1080:1920/);
    expect(f.picture[0]).toContain('lt(abs(log(iw/ih/0.5625)),0.09531)');
    expect(f.picture[0]).toContain('950');
    expect(f.picture[1]).toBe("crop=w='min(iw,1080)':h='min(ih,1920)'");
    expect(f.overlay).toBe('overlay=x=(W-w)/2:y=(H-h)/2');
  });

  it('contain never crops; backdrop is the fill alone', () => {
    expect(pictureFitFilters({ mode: 'contain', canvasPx, safePx: canvasPx }).picture[0]).not.toContain('log(');
    expect(pictureFitFilters({ mode: 'backdrop', canvasPx, safePx: canvasPx })).toMatchObject({ picture: [], overlay: '' });
  });
});

describe('freeArea', () => {
  it('leaves the presenter out and keeps the part that holds the largest square', () => {
    const presenter = rectOf({ x: 0, y: 0.27 }, { width: 0.92, height: 0.46 });
    const area = freeArea('9:16', [presenter])!;
    expect(overlaps(area, presenter)).toBe(false);
    expect(area.y1).toBeLessThanOrEqual(presenter.y0);
    expect(area.x1 - area.x0).toBeGreaterThan(0.9);
  });

  it('beside a presenter on the right of a wide frame', () => {
    const presenter = rectOf({ x: 0.27, y: 0.06 }, { width: 0.42, height: 0.88 });
    const area = freeArea('16:9', [presenter])!;
    expect(area.x1).toBeLessThanOrEqual(presenter.x0);
  });
});
