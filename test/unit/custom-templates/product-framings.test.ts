import { describe, expect, it } from 'vitest';
import type { AdAnalysis } from '../../../src/domain/ad-clone/ad-analysis.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { cloneTemplate } from '../../../src/pipelines/ad-clone/clone-template.js';
import { productRooms } from '../../../src/pipelines/custom-templates/product-room.js';

const SHOTS = 4;
/** A silent four-shot reference with no text: nothing is laid over the clone's pictures. */
const analysis: AdAnalysis = {
  durationSeconds: SHOTS,
  widthPx: 180,
  heightPx: 320,
  shots: Array.from({ length: SHOTS }, (_, index) => ({ index, startSeconds: index, endSeconds: index + 1, durationSeconds: 1 })),
  pacing: { shotCount: SHOTS, averageShotSeconds: 1, shortestShotSeconds: 1, longestShotSeconds: 1, cutsPerMinute: 60 },
  texts: [],
  captionLook: null,
  transcript: null,
  script: scriptPatternOf([]),
  energy: { meanDb: -20, voiceDb: null as never, backgroundDb: -20, speechShare: 0, level: 'moderate', curveDb: [] },
};

describe("Ad Clone's pictures: framed around the product even with nothing over them, the framing varied shot to shot", () => {
  const { template } = cloneTemplate({ analysis, aspect: '9:16', pictureCount: 1, script: null, lines: ['Pikolo Duo'], seed: 0 });

  it('every shot gets a room (the whole frame less the move) and the framings cycle whole, closer, designed', () => {
    const rooms = productRooms(template, () => true, null, true);
    expect(rooms.map((r) => r.background?.framing)).toEqual(['whole', 'closer', 'designed', 'whole']);
    for (const r of rooms) {
      const k = r.background!.keep;
      expect(k.x1 - k.x0).toBeGreaterThan(0.7);
      expect(k.y1 - k.y0).toBeGreaterThan(0.7);
    }
  });

  it('a template that keeps its words apart asks for nothing unless its pictures are product photos', () => {
    expect(productRooms(template, () => true, null).every((r) => r.background === null)).toBe(true);
  });
});
