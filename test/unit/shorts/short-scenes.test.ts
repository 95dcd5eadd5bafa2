import { describe, expect, it } from 'vitest';
import type { WordTiming } from '../../../src/core/timing.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { groupSceneWords, timeScenes } from '../../../src/pipelines/shorts/short-scenes.js';

/** Timings for the script's words: `secondsPerWord` each, `pause` after a sentence. */
function speak(script: string, secondsPerWord = 0.35, pause = 0.5): { words: WordTiming[]; total: number } {
  let at = 0.1;
  const words = tokenizeWords(script).map((t) => {
    const w = { word: t.word, startSeconds: at, endSeconds: at + secondsPerWord };
    at = w.endSeconds + (t.breakAfter === 'sentence' ? pause : 0.05);
    return w;
  });
  return { words, total: at + 0.2 };
}

describe('scenes of a short', () => {
  it("cuts at sentence ends, keeping the script's own spelling", () => {
    const script = 'My dog runs on the beach every day. Rockets fly to the moon at night! Is pizza the best food?';
    expect(groupSceneWords(script).map((g) => g.text)).toEqual([
      'My dog runs on the beach every day.',
      'Rockets fly to the moon at night!',
      'Is pizza the best food?',
    ]);
  });

  it('joins short sentences until a scene is long enough, and a short last sentence to the one before', () => {
    const groups = groupSceneWords('Hi. Yes. We went out to see the whole wide city today. Ok.');
    expect(groups.map((g) => g.text)).toEqual(['Hi. Yes. We went out to see the whole wide city today. Ok.']);
  });

  it('cuts a long sentence at its pauses (commas, dashes), and at a word when it has none', () => {
    const long =
      'When the morning comes over the quiet harbour and the fishermen are back, we walk along the old stone walls and talk about everything that happened during the long cold winter months';
    const groups = groupSceneWords(long);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups[0]!.text.endsWith('back,')).toBe(true);
    const words = tokenizeWords(long).length;
    expect(groups.at(-1)!.toWord).toBe(words - 1);
    const unbroken = groupSceneWords('word '.repeat(60).trim());
    // About 0.35 s a word: no scene passes 7 s.
    expect(unbroken.length).toBe(3);
    for (const g of unbroken) expect(g.toWord - g.fromWord + 1).toBeLessThanOrEqual(21);
  });

  it('places each cut in the silence between two scenes and covers the narration end to end', () => {
    const script = 'My dog runs on the beach every day. Rockets fly to the moon at night. Pizza is the best food.';
    const { words, total } = speak(script);
    const scenes = timeScenes(groupSceneWords(script), tokenizeWords(script).length, words, total);
    expect(scenes).toHaveLength(3);
    expect(scenes[0]!.startSeconds).toBe(0);
    expect(scenes.at(-1)!.endSeconds).toBeCloseTo(total, 3);
    for (let i = 1; i < scenes.length; i++) {
      expect(scenes[i]!.startSeconds).toBe(scenes[i - 1]!.endSeconds);
      // Inside the pause after the sentence's last word.
      const lastWord = words.filter((w) => w.endSeconds <= scenes[i]!.startSeconds).at(-1)!;
      const nextWord = words.find((w) => w.startSeconds >= scenes[i]!.startSeconds)!;
      expect(nextWord.startSeconds - lastWord.endSeconds).toBeCloseTo(0.5, 5);
      expect(scenes[i]!.startSeconds).toBeCloseTo((lastWord.endSeconds + nextWord.startSeconds) / 2, 3);
    }
  });

  it("maps scenes in proportion when the engine timed other words than the script's (numbers spelled out)", () => {
    const script = 'There are 42 cats in the big old house. They sleep all day long in the sun.';
    const { words, total } = speak('There are forty two cats in the big old house. They sleep all day long in the sun.');
    const scenes = timeScenes(groupSceneWords(script), tokenizeWords(script).length, words, total);
    expect(scenes).toHaveLength(2);
    expect(scenes[1]!.startSeconds).toBeGreaterThan(scenes[0]!.startSeconds);
    expect(scenes[1]!.endSeconds).toBeCloseTo(total, 3);
  });
});
