import { expect } from 'vitest';
import type { SynthesisResult } from '../../src/engines/speech/port.js';

/**
 * What any engine's speech of `text` must be: at least 16 kHz, a length a person could speak
 * `pacedWords` words in (120–220 a minute, or up to `maxWordsPerMinute`), every word timed in order,
 * none overlapping, all inside the audio.
 */
export function expectSpokenInFull(result: SynthesisResult, text: string, pacedWords: number, maxWordsPerMinute = 220): void {
  const words = text.split(/\s+/).map((w) => w.replace(/[.,]/g, ''));
  expect(result.sampleRateHz).toBeGreaterThanOrEqual(16000);
  expect(result.durationSeconds).toBeGreaterThan((pacedWords / maxWordsPerMinute) * 60);
  expect(result.durationSeconds).toBeLessThan((pacedWords / 120) * 60 + 1);
  expect(result.words.map((w) => w.word)).toEqual(words);
  for (let i = 0; i < result.words.length; i++) {
    const w = result.words[i]!;
    expect(w.endSeconds).toBeGreaterThan(w.startSeconds);
    if (i > 0) expect(w.startSeconds).toBeGreaterThanOrEqual(result.words[i - 1]!.endSeconds - 1e-9);
  }
  expect(result.words.at(-1)!.endSeconds).toBeLessThanOrEqual(result.durationSeconds);
}
