import { describe, expect, it } from 'vitest';
import { upgradeSavedTimings } from '../../../src/core/timing.js';
import { isAdPlan } from '../../../src/pipelines/video/ad-plan.js';
import { isTalkingPlan } from '../../../src/pipelines/video/talking-plan.js';

const words = [{ word: 'Hello', startSeconds: 0.1, endSeconds: 0.5 }];
const oldWords = [{ word: 'Hello', start: 0.1, end: 0.5 }];
const adPlan = {
  script: 'Hello',
  language: 'en',
  voiceId: 'v',
  aspectRatio: '9:16',
  words,
  durationSeconds: 15,
  caption: { hidden: false },
  files: { voice: 'voice.mp3', images: [], videos: [] },
};
const talkingPlan = {
  aspectRatio: '16:9',
  avatarId: 'anna',
  speechSeconds: 1,
  words,
  background: { kind: 'color' },
  caption: { hidden: true },
  files: { voice: 'voice.mp3' },
};

/** The guards a job reads its saved plan back through: a plan this code wrote must pass, or every render plans again (or fails). */
describe('saved plan guards', () => {
  it("accept the plans this code writes, with today's timing names", () => {
    expect(isAdPlan(adPlan)).toBe(true);
    expect(isTalkingPlan(talkingPlan)).toBe(true);
  });

  it('accept a plan saved before the rename once its timings are upgraded, and nothing else', () => {
    expect(isAdPlan(upgradeSavedTimings({ ...adPlan, words: oldWords }))).toBe(true);
    expect(isTalkingPlan(upgradeSavedTimings({ ...talkingPlan, words: oldWords }))).toBe(true);
    expect(isAdPlan({ ...adPlan, files: undefined })).toBe(false);
    expect(isTalkingPlan({ ...talkingPlan, words: 'hello' })).toBe(false);
  });
});
