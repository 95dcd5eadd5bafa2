import { describe, expect, it } from 'vitest';
import { EDITING_STYLE_LOOKS, EDITING_STYLES, editingStyleLook } from '../../../src/domain/editing/editing-styles.js';
import { CAPTION_STYLE_NAMES } from '../../../src/media/index.js';

describe('editing styles', () => {
  it('every contract style has a look whose caption style the renderer knows', () => {
    for (const style of EDITING_STYLES) {
      const look = editingStyleLook(style);
      expect(CAPTION_STYLE_NAMES).toContain(look.captionStyle);
      expect(look.keptPauseSeconds).toBeGreaterThan(0);
      expect(look.punchInZoom).toBeGreaterThanOrEqual(1);
    }
    expect(editingStyleLook(null)).toBe(EDITING_STYLE_LOOKS.plain);
  });

  it('the styles differ in pacing, zooms and caption look', () => {
    const looks = EDITING_STYLES.map((s) => EDITING_STYLE_LOOKS[s]);
    expect(new Set(looks.map((l) => l.captionStyle)).size).toBe(EDITING_STYLES.length);
    expect(new Set(looks.map((l) => l.keptPauseSeconds)).size).toBeGreaterThanOrEqual(5);
    expect(looks.filter((l) => l.punchInZoom > 1).length).toBeGreaterThanOrEqual(3);
    expect(EDITING_STYLE_LOOKS.film.keptPauseSeconds).toBeGreaterThan(EDITING_STYLE_LOOKS.social.keptPauseSeconds * 3);
  });
});
