import { describe, expect, it } from 'vitest';
import { shortTimeline } from '../../../src/pipelines/shorts/render-short.js';
import { isShortPlan, shortPlanFiles, type ShortPlan } from '../../../src/pipelines/shorts/short-plan.js';
import { compileTimeline } from '../../../src/media/compile.js';
import { timelineDurationSeconds } from '../../../src/media/timeline.js';

const plan: ShortPlan = {
  aspectRatio: '9:16',
  style: 'Pixel art',
  speechSeconds: 5.3,
  words: [
    { word: 'Dogs', startSeconds: 0.1, endSeconds: 0.5 },
    { word: 'fly', startSeconds: 2.8, endSeconds: 3.2 },
  ],
  scenes: [
    { text: 'Dogs run.', startSeconds: 0, endSeconds: 2.2, picture: 'scenes/00.png', drawnBy: 'built-in', icons: ['dog'], motion: 'zoom-in' },
    { text: 'Rockets fly.', startSeconds: 2.2, endSeconds: 5.3, picture: 'scenes/01.png', drawnBy: 'built-in', icons: ['rocket'], motion: 'slide-left' },
  ],
  caption: { hidden: false, setting: { style: 'neo' } },
  music: { file: 'music.audio', volume: 0.3 },
  voiceoverVolume: 0.9,
  files: { voice: 'voice.mp3' },
};

describe('a short as a timeline', () => {
  it('lasts as long as the narration: one moving picture per scene, fades between, voice, captions and ducked music', () => {
    const t = shortTimeline(plan, '/plan');
    expect(timelineDurationSeconds(t)).toBeCloseTo(5.3, 6);
    expect(t.scenes.map((s) => s.background)).toEqual([
      { kind: 'image', path: '/plan/scenes/00.png', fit: 'crop', motion: 'zoom-in' },
      { kind: 'image', path: '/plan/scenes/01.png', fit: 'crop', motion: 'slide-left' },
    ]);
    expect(t.scenes.map((s) => s.transitionOut?.kind ?? null)).toEqual(['fade', null]);
    expect(t.voiceover).toEqual({ clips: [{ path: '/plan/voice.mp3', startSeconds: 0 }], volume: 0.9 });
    expect(t.music).toMatchObject({ path: '/plan/music.audio', volume: 0.3, loop: true });
    expect(t.captions).toEqual({ words: plan.words, setting: { style: 'neo' } });
    // The composition engine takes it: 5.3 s at 30 fps, the music ducked under the voice.
    const compiled = compileTimeline(t, { quality: 'preview', videoPath: '/out/video.mp4' });
    expect(compiled.expectedDurationSeconds).toBeCloseTo(5.3, 1);
    expect(compiled.filterGraph).toContain('sidechaincompress');
  });

  it('leaves out hidden captions and absent music; names every plan file; reads a stored plan back', () => {
    const bare = shortTimeline({ ...plan, caption: { hidden: true, setting: null }, music: null }, '/plan');
    expect(bare.captions).toBeUndefined();
    expect(bare.music).toBeUndefined();
    expect(shortPlanFiles(plan)).toEqual(['voice.mp3', 'scenes/00.png', 'scenes/01.png', 'music.audio']);
    expect(isShortPlan(JSON.parse(JSON.stringify(plan)))).toBe(true);
    expect(isShortPlan({ ...plan, scenes: [] })).toBe(false);
    expect(isShortPlan({ speechSeconds: 3 })).toBe(false);
  });
});
