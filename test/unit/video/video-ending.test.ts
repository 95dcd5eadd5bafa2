import { describe, expect, it } from 'vitest';
import { videoEnding } from '../../../src/pipelines/video/prepare-ad-plan.js';

describe('how an ad ends', () => {
  it('starts the end card right after the speech and keeps it at its own length, whatever the asked length', () => {
    // Short speech makes a shorter video: the card is not stretched over the missing words.
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 3, hasCta: true })).toEqual({ durationSeconds: 27.3, endCardSeconds: 3 });
    expect(videoEnding({ speechEndSeconds: 28, tailSeconds: 0.3, endCardSeconds: 3, hasCta: true })).toEqual({ durationSeconds: 31.3, endCardSeconds: 3 });
  });

  it('without a call to action, ends a breath after the speech (no voiceless pictures)', () => {
    expect(videoEnding({ speechEndSeconds: 24, tailSeconds: 0.3, endCardSeconds: 3, hasCta: false })).toEqual({ durationSeconds: 24.3, endCardSeconds: 0 });
  });
});
