import { describe, expect, it } from 'vitest';
import type { WordTiming } from '../../../src/core/timing.js';
import { CARD_HOLD_SECONDS, closingStartSeconds, speechBudgetSeconds, videoEnding } from '../../../src/pipelines/video/ad-ending.js';
import { lastResortTempo, MAX_LAST_RESORT_TEMPO } from '../../../src/pipelines/video/prepare-ad-plan.js';

/** Words of `text` one after another, 0.3 s each, with `gapAfter` seconds of silence after the given word indexes. */
function timed(text: string, gapAfter: Record<number, number> = {}): WordTiming[] {
  let t = 0.1;
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const w = { word, startSeconds: t, endSeconds: t + 0.3 };
      t += 0.3 + (gapAfter[i] ?? 0.05);
      return w;
    });
}

describe('how an ad ends', () => {
  it('says the closing paragraph over the end card, which holds after the voice to make the asked length', () => {
    // The voice ends at 28.9 s of a 30 s ad: the card holds 1.1 s, and came up in the beat at 26 s.
    expect(videoEnding({ speechEndSeconds: 28.9, closingStartSeconds: 26, videoLengthSeconds: 30, hasCta: true })).toEqual({
      durationSeconds: 30,
      endCardSeconds: 4,
    });
    // A script that falls short is not padded past the longest hold: the video is shorter.
    expect(videoEnding({ speechEndSeconds: 25, closingStartSeconds: 22, videoLengthSeconds: 30, hasCta: true })).toEqual({
      durationSeconds: 25 + CARD_HOLD_SECONDS.max,
      endCardSeconds: 25 + CARD_HOLD_SECONDS.max - 22,
    });
    // One that runs long keeps the shortest hold: the price stays readable.
    expect(videoEnding({ speechEndSeconds: 29.8, closingStartSeconds: 27, videoLengthSeconds: 30, hasCta: true }).durationSeconds).toBeCloseTo(
      29.8 + CARD_HOLD_SECONDS.min,
      3,
    );
  });

  it('puts the card after the speech at its own length when the script has no closing paragraph (a client script)', () => {
    expect(videoEnding({ speechEndSeconds: 24, closingStartSeconds: null, videoLengthSeconds: 30, hasCta: true })).toEqual({
      durationSeconds: 27.3,
      endCardSeconds: 3,
    });
  });

  it('without a call to action, ends a breath after the speech (no voiceless pictures)', () => {
    expect(videoEnding({ speechEndSeconds: 24, closingStartSeconds: 20, videoLengthSeconds: 30, hasCta: false })).toEqual({
      durationSeconds: 24.3,
      endCardSeconds: 0,
    });
  });

  it('sizes the speech to the asked length less what follows the voice', () => {
    expect(speechBudgetSeconds({ videoLengthSeconds: 30, hasCta: true, closingOverCard: true })).toBeCloseTo(30 - CARD_HOLD_SECONDS.target, 6);
    expect(speechBudgetSeconds({ videoLengthSeconds: 30, hasCta: true, closingOverCard: false })).toBeCloseTo(26.7, 6);
    expect(speechBudgetSeconds({ videoLengthSeconds: 15, hasCta: false, closingOverCard: true })).toBeCloseTo(14.7, 6);
  });

  it('finds the closing paragraph in the speech by its spoken words (a price is several) and the beat before it', () => {
    const script = 'Meet the TrailFlask. It keeps water cold all day.\n\nGet yours for $34.95 today.';
    // "Get yours for thirty four dollars and ninety five cents today" is 11 spoken words.
    const spoken = 'Meet the TrailFlask It keeps water cold all day Get yours for thirty four dollars and ninety five cents today';
    const words = timed(spoken, { 2: 0.25, 8: 0.55 });
    const beatMiddle = (words[8]!.endSeconds + words[9]!.startSeconds) / 2;
    expect(closingStartSeconds(words, script, 'en')).toBeCloseTo(beatMiddle, 3);
    // An engine that ran two words into one still finds the beat (the widest gap near the boundary).
    const joined = timed(spoken.replace('thirty four', 'thirty-four'), { 2: 0.25, 8: 0.55 });
    expect(closingStartSeconds(joined, script, 'en')).toBeCloseTo((joined[8]!.endSeconds + joined[9]!.startSeconds) / 2, 3);
    expect(closingStartSeconds(words, 'One paragraph only. Get yours today.', 'en')).toBeNull();
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
