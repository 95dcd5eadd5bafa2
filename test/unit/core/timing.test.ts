import { describe, expect, it } from 'vitest';
import { readSavedWordTimings, upgradeSavedTimings } from '../../../src/core/timing.js';

describe('saved word timings', () => {
  it('reads both the names saved today and the ones saved before the rename', () => {
    expect(
      readSavedWordTimings([
        { word: 'hi', startSeconds: 0.1, endSeconds: 0.4 },
        { word: 'there', start: 0.5, end: 0.9 },
      ]),
    ).toEqual([
      { word: 'hi', startSeconds: 0.1, endSeconds: 0.4 },
      { word: 'there', startSeconds: 0.5, endSeconds: 0.9 },
    ]);
    expect(readSavedWordTimings(undefined)).toBeNull();
    expect(readSavedWordTimings([{ word: 'x' }, null, 3])).toEqual([]);
  });

  it('upgrades every word and phone in an old saved plan and leaves the rest alone', () => {
    const old = {
      script: 'Hello world',
      durationSeconds: 2,
      words: [{ word: 'Hello', start: 0, end: 0.5 }],
      phones: [{ phone: 'hh', start: 0, end: 0.1 }],
      scenes: [{ words: [{ word: 'world', start: 0.6, end: 1 }], cut: { start: 3, end: 4 } }],
    };
    expect(upgradeSavedTimings(old)).toEqual({
      script: 'Hello world',
      durationSeconds: 2,
      words: [{ word: 'Hello', startSeconds: 0, endSeconds: 0.5 }],
      phones: [{ phone: 'hh', startSeconds: 0, endSeconds: 0.1 }],
      scenes: [{ words: [{ word: 'world', startSeconds: 0.6, endSeconds: 1 }], cut: { start: 3, end: 4 } }],
    });
    const current = { words: [{ word: 'Hello', startSeconds: 0, endSeconds: 0.5 }] };
    expect(upgradeSavedTimings(current)).toEqual(current);
    expect(upgradeSavedTimings(undefined)).toBeUndefined();
  });
});
