import { describe, expect, it } from 'vitest';
import { planKeptSpans, retimeWords, splitForPunchIns, type DeadAirRequest } from '../../../src/pipelines/editing/dead-air.js';

const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
const base: DeadAirRequest = {
  durationSeconds: 10,
  silences: [],
  words: [],
  removeSilences: true,
  keptPauseSeconds: 0.4,
  trimStartSeconds: 0,
  trimEndSeconds: 0,
  targetSeconds: null,
  framesPerSecond: 30,
};
const total = (spans: { startSeconds: number; endSeconds: number }[]) => spans.reduce((s, x) => s + x.endSeconds - x.startSeconds, 0);

describe('dead air', () => {
  it('cuts a long pause down to the breath, half after the last word and half before the next', () => {
    const r = planKeptSpans({ ...base, silences: [{ startSeconds: 3, endSeconds: 5 }] });
    expect(r.spans).toEqual([
      { startSeconds: 0, endSeconds: 3.2 },
      { startSeconds: 4.8, endSeconds: 10 },
    ]);
    expect(r.pausesCut).toBe(1);
    expect(r.pauseSecondsCut).toBeCloseTo(1.6, 6);
  });

  it('leaves short pauses alone and keeps only a little of the silence at the start and end', () => {
    const r = planKeptSpans({
      ...base,
      silences: [
        { startSeconds: 0, endSeconds: 1 },
        { startSeconds: 4, endSeconds: 4.45 },
        { startSeconds: 9, endSeconds: 10 },
      ],
    });
    expect(r.spans).toEqual([{ startSeconds: 26 / 30, endSeconds: 275 / 30 }]);
  });

  it('never cuts into a word the transcriber heard inside a quiet stretch (a soft word)', () => {
    const r = planKeptSpans({ ...base, silences: [{ startSeconds: 2, endSeconds: 6 }], words: [w('hmm', 2.6, 2.9)] });
    // The cut is the longest piece clear of the word and its guard: 2.96 … 5.8.
    for (const s of r.spans) expect(s.endSeconds <= 2.6 || s.startSeconds >= 2.9 || (s.startSeconds <= 2.6 && s.endSeconds >= 2.9)).toBe(true);
    expect(r.spans.some((s) => s.startSeconds <= 2.6 && s.endSeconds >= 2.9)).toBe(true);
    expect(total(r.spans)).toBeCloseTo(10 - (5.8 - 2.96), 1);
  });

  it('keeps every pause when asked, trims the start and end, and ends at a word for a target length', () => {
    expect(planKeptSpans({ ...base, removeSilences: false, silences: [{ startSeconds: 3, endSeconds: 5 }] }).spans).toEqual([
      { startSeconds: 0, endSeconds: 10 },
    ]);
    expect(planKeptSpans({ ...base, removeSilences: false, trimStartSeconds: 2, trimEndSeconds: 1 }).spans).toEqual([{ startSeconds: 2, endSeconds: 9 }]);
    const words = [w('one', 0.2, 1.5), w('two', 2, 3.9), w('three', 4.1, 6)];
    const r = planKeptSpans({ ...base, removeSilences: false, words, targetSeconds: 5 });
    expect(r.endedForTargetAtSeconds).toBeCloseTo(4.1, 6);
    expect(r.spans).toEqual([{ startSeconds: 0, endSeconds: 4.1 }]);
  });

  it("moves words onto the edit's time line and drops the ones cut away", () => {
    const spans = [
      { startSeconds: 1, endSeconds: 3 },
      { startSeconds: 5, endSeconds: 7 },
    ];
    expect(retimeWords([w('gone', 0.2, 0.8), w('a', 1.5, 2), w('b', 5.5, 6.2), w('edge', 6.5, 7.2), w('late', 7.5, 8)], spans)).toEqual([
      w('a', 0.5, 1),
      w('b', 2.5, 3.2),
      w('edge', 3.5, 4),
    ]);
  });

  it('splits long stretches for punch-ins in the gaps between words, without losing or repeating any time', () => {
    const words = [w('a', 0.5, 3.7), w('b', 3.9, 8.1), w('c', 8.3, 11)];
    const pieces = splitForPunchIns(
      [
        { startSeconds: 0, endSeconds: 12 },
        { startSeconds: 13, endSeconds: 15 },
      ],
      words,
      4,
      30,
    );
    expect(pieces).toEqual([
      { startSeconds: 0, endSeconds: 3.8 },
      { startSeconds: 3.8, endSeconds: 8.2 },
      { startSeconds: 8.2, endSeconds: 12 },
      { startSeconds: 13, endSeconds: 15 },
    ]);
  });
});
