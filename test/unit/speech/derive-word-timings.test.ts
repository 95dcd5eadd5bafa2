import { describe, expect, it } from 'vitest';
import { deriveWordTimings } from '../../../src/engines/speech/derive-word-timings.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { concat, silence, voicedTone } from './signal-helpers.js';

const RATE = 16000;

describe('deriveWordTimings (synthetic audio with known word spans)', () => {
  it('finds every word when words are separated by pauses', () => {
    const words = ['one', 'wonderful', 'day', 'in', 'September'];
    const lengths = [0.25, 0.55, 0.3, 0.15, 0.6];
    const gaps = [0.12, 0.2, 0.09, 0.15];
    const pieces: Float32Array[] = [silence(0.2, RATE)];
    const truth: Array<[number, number]> = [];
    let t = 0.2;
    lengths.forEach((len, i) => {
      pieces.push(voicedTone(len, RATE, 140));
      truth.push([t, t + len]);
      t += len;
      if (i < gaps.length) {
        pieces.push(silence(gaps[i]!, RATE));
        t += gaps[i]!;
      }
    });
    pieces.push(silence(0.3, RATE));
    const timings = deriveWordTimings(concat(RATE, pieces), tokenizeWords(words.join(' ')));
    expect(timings.map((w) => w.word)).toEqual(words);
    timings.forEach((w, i) => {
      expect(Math.abs(w.startSeconds - truth[i]![0])).toBeLessThan(0.03);
      expect(Math.abs(w.endSeconds - truth[i]![1])).toBeLessThan(0.03);
    });
  });

  it('treats a short closure inside a word as part of the word, and a comma pause as a boundary', () => {
    // "little" has a stop closure; the pause after "little," is long.
    const audio = concat(RATE, [
      silence(0.1, RATE),
      voicedTone(0.15, RATE, 150),
      silence(0.035, RATE),
      voicedTone(0.15, RATE, 150),
      silence(0.3, RATE),
      voicedTone(0.3, RATE, 150),
      silence(0.2, RATE),
    ]);
    const [little, cat] = deriveWordTimings(audio, tokenizeWords('little, cat'));
    expect(little!.startSeconds).toBeCloseTo(0.1, 1);
    expect(Math.abs(little!.endSeconds - 0.435)).toBeLessThan(0.03);
    expect(Math.abs(cat!.startSeconds - 0.735)).toBeLessThan(0.03);
  });

  it('spreads words by syllables over continuous sound', () => {
    const audio = concat(RATE, [silence(0.1, RATE), voicedTone(1.0, RATE, 150), silence(0.1, RATE)]);
    const timings = deriveWordTimings(audio, tokenizeWords('a wonderful'));
    // "a" has 1 syllable, "wonderful" 3 (+ consonants): "a" gets the smaller share.
    expect(timings[0]!.endSeconds - timings[0]!.startSeconds).toBeLessThan(timings[1]!.endSeconds - timings[1]!.startSeconds);
    expect(timings[1]!.endSeconds).toBeCloseTo(1.1, 1);
  });

  it('copes with silence', () => {
    const timings = deriveWordTimings(concat(RATE, [silence(1, RATE)]), tokenizeWords('nothing here'));
    expect(timings).toHaveLength(2);
    expect(timings[1]!.endSeconds).toBeLessThanOrEqual(1);
  });
});
