import { describe, expect, it } from 'vitest';
import { lastResortTempo, MAX_LAST_RESORT_TEMPO, videoEnding } from '../../../src/pipelines/video/prepare-ad-plan.js';

describe('how an ad ends', () => {
  it('starts the end card right after the speech and keeps it at its own length, whatever the asked length', () => {
    // Short speech makes a shorter video: the card is not stretched over the missing words.
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 3, hasCta: true })).toEqual({ durationSeconds: 27.3, endCardSeconds: 3 });
    expect(videoEnding({ speechEndSeconds: 28, tailSeconds: 0.3, endCardSeconds: 3, hasCta: true })).toEqual({ durationSeconds: 31.3, endCardSeconds: 3 });
  });

  it('without a call to action, ends a breath after the speech (no voiceless pictures)', () => {
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 3, hasCta: false })).toEqual({ durationSeconds: 24.3, endCardSeconds: 0 });
  });

  it('keeps the voice at its own tempo when the words fit, and speeds up only a script that cannot be shorter, by at most 1.15', () => {
    expect(lastResortTempo(12, 12.7)).toBe(1);
    expect(lastResortTempo(8, 12.7)).toBe(1); // short: never slowed down
    expect(lastResortTempo(13.9, 12.7)).toBe(1); // within the drafts' 10 %
    expect(lastResortTempo(15.367, 12.7)).toBeCloseTo(1.1, 3);
    expect(lastResortTempo(17.9, 12.7)).toBe(MAX_LAST_RESORT_TEMPO);
    expect(MAX_LAST_RESORT_TEMPO).toBe(1.15);
  });
});
