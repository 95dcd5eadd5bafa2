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
      // An ad's pace: pauses between sentences of 0.4 s at most (issue 27).
      expect(gap).toBeLessThanOrEqual(0.4);
    }
    joined.words.forEach((w, i) => {
      expect(Math.abs(w.startSeconds - islands[i]!.start)).toBeLessThan(0.03);
      expect(Math.abs(w.endSeconds - islands[i]!.end)).toBeLessThan(0.03);
    });
    const total = joined.audio.samples.length / RATE;
    // speech + two pauses + two edges + a 30–40 ms margin each side of each chunk, + slack
    expect(total).toBeLessThan(2.1 + 2 * 0.25 + 2 * 0.1 + 3 * 0.07 + 0.05);
  });

  it("cuts an engine's own silence even when it times the first word from 0 and the last to the end", () => {
    const timedToEdges = (lead: number, speech: number, tail: number, word: string) => {
      const c = chunk(lead, speech, tail, word);
      return { ...c, words: [{ word, startSeconds: 0, endSeconds: lead + speech + tail }] };
    };
    const joined = joinTimedAudio([timedToEdges(0.2, 0.8, 0.4, 'one'), timedToEdges(0.25, 0.6, 0.3, 'two')]);
    const islands = findSpeechIslands(joined.audio);
    expect(islands).toHaveLength(2);
    expect(islands[1]!.start - islands[0]!.end).toBeLessThanOrEqual(0.4);
    expect(islands[0]!.start).toBeLessThan(0.2);
  });

  it('sets off the chunks it is told to with a beat (the call to action), longer than a pause and under 0.7 s', () => {
    const joined = joinTimedAudio([chunk(0.1, 0.8, 0.3, 'a'), chunk(0.1, 0.8, 0.3, 'b'), chunk(0.1, 0.5, 0.3, 'cta')], { beatBeforeChunks: [2] });
    const islands = findSpeechIslands(joined.audio);
    expect(islands).toHaveLength(3);
    const pause = islands[1]!.start - islands[0]!.end;
    const beat = islands[2]!.start - islands[1]!.end;
    expect(pause).toBeLessThanOrEqual(0.4);
    expect(beat).toBeGreaterThan(pause + 0.15);
    expect(beat).toBeLessThanOrEqual(0.7);
    expect(Math.abs(joined.words[2]!.startSeconds - islands[2]!.start)).toBeLessThan(0.03);
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
