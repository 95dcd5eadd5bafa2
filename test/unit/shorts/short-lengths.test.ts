import { describe, expect, it } from 'vitest';
import type { WordTiming } from '../../../src/core/timing.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { compileTimeline } from '../../../src/media/compile.js';
import { planScenes } from '../../../src/media/scene-video.js';
import { timelineDurationSeconds } from '../../../src/media/timeline.js';
import { shortTimeline } from '../../../src/pipelines/shorts/render-short.js';
import type { ShortPlan } from '../../../src/pipelines/shorts/short-plan.js';
import { groupSceneWords, timeScenes } from '../../../src/pipelines/shorts/short-scenes.js';

const SENTENCES = [
  'Our bottle keeps drinks cold all day.',
  'It fits in every cup holder, even the small ones.',
  'Hike, bike, or commute; it goes where you go.',
  'Order today.',
  'Free shipping on every order over thirty dollars, with returns for a full year.',
];

/** A script of about `seconds` of speech: the sentences again and again. */
function scriptOf(seconds: number): string {
  const out: string[] = [];
  for (let i = 0; out.join(' ').split(/\s+/).length < seconds * 2.6; i++) out.push(SENTENCES[i % SENTENCES.length]!);
  return out.join(' ');
}

/** Word timings as an engine gives them: a word every so often, pauses after sentences, a little silence at the end. */
function spoken(script: string, wordCount: number): { words: WordTiming[]; seconds: number } {
  const tokens = tokenizeWords(script);
  const words: WordTiming[] = [];
  let at = 0.12;
  for (let i = 0; i < wordCount; i++) {
    const t = tokens[i % tokens.length]!;
    const length = 0.12 + 0.055 * t.word.length;
    words.push({ word: t.word, startSeconds: at, endSeconds: at + length });
    at += length + (t.breakAfter === 'sentence' ? 0.42 : t.breakAfter === 'clause' ? 0.2 : 0.04);
  }
  return { words, seconds: Math.round((at + 0.3) * 1000) / 1000 };
}

function planOf(script: string, style: ShortPlan['style'], aspectRatio: ShortPlan['aspectRatio'], timing: 'same' | 'spelled' | 'none'): ShortPlan {
  const count = tokenizeWords(script).length;
  // 'spelled': an engine that says "thirty" as two words times more words than the script has.
  const { words, seconds } = spoken(script, timing === 'spelled' ? count + 7 : count);
  const groups = groupSceneWords(script);
  const scenes = timeScenes(groups, count, timing === 'none' ? [] : words, seconds);
  return {
    aspectRatio,
    style,
    speechSeconds: seconds,
    words: timing === 'none' ? [] : words,
    scenes: scenes.map((s, i) => ({ ...s, picture: `scenes/${i}.png`, drawnBy: 'built-in', icons: [], motion: 'zoom-in' })),
    caption: { hidden: timing === 'none', setting: null },
    music: { file: 'music.audio', volume: 0.2 },
    voiceoverVolume: 1,
    files: { voice: 'voice.mp3' },
  };
}

/**
 * AI Shorts have no length field: the contract's short is its script narrated, so the asked length
 * is the narration's. The preview and the render are drawn from one saved plan (one timeline), so
 * a plan that lasts its narration makes a preview and a render that both do.
 */
describe('AI Shorts last their narration', () => {
  it('in every style, every aspect, from a one-line script to a minute, whatever the engine times', () => {
    let checked = 0;
    for (const seconds of [2, 8, 15, 30, 45, 60])
      for (const timing of ['same', 'spelled', 'none'] as const) {
        const script = scriptOf(seconds);
        for (const style of SHORT_STYLES)
          for (const aspect of ['9:16', '16:9', '1:1'] as const) {
            const plan = planOf(script, style, aspect, timing);
            const label = `${style} ${aspect} ${seconds} s (${timing})`;
            const timeline = shortTimeline(plan, '/plan');
            expect(timelineDurationSeconds(timeline), label).toBeCloseTo(plan.speechSeconds, 3);
            // On whole frames, every scene at least a few frames long (a fade needs both sides).
            const frames = planScenes(timeline.scenes);
            expect(Math.abs(frames.totalFrames / 30 - plan.speechSeconds), label).toBeLessThanOrEqual(1 / 30);
            expect(Math.min(...frames.sceneFrames), label).toBeGreaterThanOrEqual(6);
            // The composition engine's own count, once a length and aspect (a style changes only the pictures).
            if (style === SHORT_STYLES[0])
              for (const quality of ['preview', 'render'] as const) {
                const compiled = compileTimeline(timeline, { quality, videoPath: '/out/video.mp4' });
                expect(Math.abs(compiled.expectedDurationSeconds - plan.speechSeconds), `${label} ${quality}`).toBeLessThanOrEqual(0.05);
              }
            checked++;
          }
      }
    expect(checked).toBe(6 * 3 * SHORT_STYLES.length * 3);
  });
});
