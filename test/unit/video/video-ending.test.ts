import { describe, expect, it } from 'vitest';
import { tempoToFit, videoEnding } from '../../../src/pipelines/video/prepare-ad-plan.js';

describe('fitting the speech to the asked length', () => {
  it('slows short speech down to 0.9 and speeds long speech up to 1.25, leaving near-fits alone', () => {
    expect(tempoToFit(25, 26.7)).toBeCloseTo(25 / 26.7, 5);
    expect(tempoToFit(20, 26.7)).toBe(0.9);
    expect(tempoToFit(40, 26.7)).toBe(1.25);
    expect(tempoToFit(26.6, 26.7)).toBe(1);
    expect(tempoToFit(10, Infinity)).toBe(1);
  });

  it('starts the end card right after the speech and keeps the asked length', () => {
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 3, videoLengthSeconds: 30, hasCta: true })).toEqual({
      durationSeconds: 30,
      endCardSeconds: 5.7,
    });
    expect(videoEnding({ speechEndSeconds: 28, tailSeconds: 0.3, endCardSeconds: 3, videoLengthSeconds: 30, hasCta: true })).toEqual({
      durationSeconds: 31.3,
      endCardSeconds: 3,
    });
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 0, videoLengthSeconds: 30, hasCta: false })).toEqual({
      durationSeconds: 30,
      endCardSeconds: 0,
    });
  });
});
