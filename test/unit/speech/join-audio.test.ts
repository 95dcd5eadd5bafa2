import { describe, expect, it } from 'vitest';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { joinTimedAudio } from '../../../src/pipelines/speech/join-audio.js';
import { concat, silence, voicedTone } from './signal-helpers.js';

const RATE = 16000;

function chunk(leadSeconds: number, speechSeconds: number, tailSeconds: number, word: string) {
  const audio = concat(RATE, [silence(leadSeconds, RATE), voicedTone(speechSeconds, RATE, 160), silence(tailSeconds, RATE)]);
  return { audio, words: [{ word, startSeconds: leadSeconds, endSeconds: leadSeconds + speechSeconds }] };
}

describe('joinTimedAudio', () => {
  it('trims engine silence, puts one natural pause between chunks and offsets word times', () => {
    const joined = joinTimedAudio([chunk(0.5, 1, 0.8, 'first'), chunk(0.7, 0.6, 0.4, 'second'), chunk(0.2, 0.5, 1.5, 'third')]);
    const islands = findSpeechIslands(joined.audio);
    expect(islands).toHaveLength(3);
    for (let i = 1; i < islands.length; i++) {
      const gap = islands[i]!.start - islands[i - 1]!.end;
      expect(gap).toBeGreaterThan(0.25);
      expect(gap).toBeLessThan(0.6);
    }
    joined.words.forEach((w, i) => {
      expect(Math.abs(w.startSeconds - islands[i]!.start)).toBeLessThan(0.03);
      expect(Math.abs(w.endSeconds - islands[i]!.end)).toBeLessThan(0.03);
    });
    const total = joined.audio.samples.length / RATE;
    // speech + two pauses + two edges + a 30 ms margin each side of each chunk, + slack
    expect(total).toBeLessThan(2.1 + 2 * 0.35 + 2 * 0.1 + 3 * 0.06 + 0.05);
  });

  it('fades cut points so a chunk cut mid-sound cannot click', () => {
    // A chunk whose sound runs to its very last sample (an engine that stops abruptly).
    const loud = new Float32Array(RATE).fill(0.5);
    const joined = joinTimedAudio([
      { audio: { sampleRateHz: RATE, samples: loud }, words: [{ word: 'a', startSeconds: 0, endSeconds: 1 }] },
      { audio: { sampleRateHz: RATE, samples: loud.slice() }, words: [{ word: 'b', startSeconds: 0, endSeconds: 1 }] },
    ]);
    let maxJump = 0;
    for (let i = 1; i < joined.audio.samples.length; i++) {
      maxJump = Math.max(maxJump, Math.abs(joined.audio.samples[i]! - joined.audio.samples[i - 1]!));
    }
    expect(maxJump).toBeLessThan(0.01);
  });

  it('refuses chunks with different sample rates', () => {
    const a = chunk(0.1, 0.2, 0.1, 'a');
    const b = { ...chunk(0.1, 0.2, 0.1, 'b'), audio: { sampleRateHz: 22050, samples: new Float32Array(100) } };
    expect(() => joinTimedAudio([a, b])).toThrow(/sample rates/);
  });
});
