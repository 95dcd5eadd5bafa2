import { describe, expect, it } from 'vitest';
import { SCENE_TRANSITIONS, V2_VISUAL_STYLES, type V2VisualStyle } from '../../../src/domain/avatars/avatar-video-spec.js';
import { compileTimeline } from '../../../src/media/compile.js';
import { planScenes } from '../../../src/media/scene-video.js';
import { timelineDurationSeconds, type AspectRatio } from '../../../src/media/timeline.js';
import { totalSeconds, type AvatarScenesPlan, type PlannedScene } from '../../../src/pipelines/video/avatar-scenes/scene-plan.js';
import type { Box } from '../../../src/pipelines/video/avatar-scenes/scene-styles.js';
import { buildAvatarScenesTimeline } from '../../../src/pipelines/video/avatar-scenes/scene-timeline.js';
import type { TalkingPlan } from '../../../src/pipelines/video/talking-plan.js';
import { talkingTimeline } from '../../../src/pipelines/video/talking-video.js';

const ASPECTS: AspectRatio[] = ['9:16', '16:9', '1:1'];
const words = (seconds: number) =>
  Array.from({ length: Math.max(1, Math.floor(seconds / 0.4)) }, (_, i) => ({ word: `w${i}`, startSeconds: i * 0.4, endSeconds: i * 0.4 + 0.3 }));
const clip = { path: '/work/avatar.webm', hasAlpha: true };
const decorate = (kind: string, box: Box) => `/decor/${kind}-${box.width.toFixed(3)}x${box.height.toFixed(3)}.png`;

/** On whole frames, as the composition engine cuts them: within a frame of the plan. */
function expectFrames(scenes: Parameters<typeof planScenes>[0], seconds: number, label: string): void {
  expect(Math.abs(planScenes(scenes).totalFrames / 30 - seconds), label).toBeLessThanOrEqual(1 / 30);
}

function v2Scene(style: V2VisualStyle, seconds: number, spoken: boolean, k: number): PlannedScene {
  return {
    durationSeconds: seconds,
    voice: { file: `scene-${k}.mp3`, volume: 0.8, spoken },
    words: spoken ? words(seconds) : [],
    avatar: { id: 'a1', name: 'Amara Okafor', offset: { x: 0, y: 0 }, scale: 1, style: k % 2 ? 'circle' : 'normal', hidden: false },
    background: { kind: 'image', file: `media-${k}.png`, fit: 'crop', motion: null },
    caption: { hidden: false, override: false, setting: null },
    transitionIn: null,
    transitionOut: SCENE_TRANSITIONS[k % SCENE_TRANSITIONS.length]!,
    visualStyle: style,
    cta: null,
  };
}

/**
 * AI Avatar v1 and v2 have no length field: the contract's v1 video lasts its speech (the text
 * spoken, or the client's audio); a v2 video lasts its scenes' speeches and silences (1–100 s
 * each) and the end card's cta_duration (1–30 s). Preview and render draw one saved plan.
 */
describe('AI Avatar lengths', () => {
  it('v2: every visual style × aspect × speech, silence and end card lasts the sum the client asked for', () => {
    let checked = 0;
    for (const style of V2_VISUAL_STYLES)
      for (const aspectRatio of ASPECTS)
        for (const [speech, silence, card] of [
          [0.6, 1, null],
          [4.27, 2.5, 2],
          [31.4, 100, 30],
        ] as const) {
          const scenes = [v2Scene(style, speech, true, 0), v2Scene(style, silence, false, 1), v2Scene(style, speech / 2, true, 2)];
          const endCard = card === null ? null : { seconds: card, background: { kind: 'color' as const, color: '#102030' }, cta: null };
          const plan: AvatarScenesPlan = {
            aspectRatio,
            scenes,
            endCard,
            music: { file: 'music.wav', volume: 0.2 },
            durationSeconds: totalSeconds(scenes, endCard),
          };
          const asked = speech + silence + speech / 2 + (card ?? 0);
          const label = `${style} ${aspectRatio} ${speech}+${silence}+${card}`;
          expect(plan.durationSeconds, label).toBeCloseTo(asked, 6);
          const timeline = buildAvatarScenesTimeline(
            plan,
            '/plan',
            scenes.map(() => clip),
            decorate,
          );
          expect(timelineDurationSeconds(timeline), label).toBeCloseTo(asked, 6);
          expectFrames(timeline.scenes, asked, label);
          if (style === V2_VISUAL_STYLES[0] || card === 2)
            for (const quality of ['preview', 'render'] as const)
              expect(
                Math.abs(compileTimeline(timeline, { quality, videoPath: '/out/v.mp4' }).expectedDurationSeconds - asked),
                `${label} ${quality}`,
              ).toBeLessThanOrEqual(0.05);
          checked++;
        }
    expect(checked).toBe(V2_VISUAL_STYLES.length * ASPECTS.length * 3);
  });

  it('v1: every aspect × background (studio colour, picture, a product beside the presenter, green screen) lasts the speech', () => {
    for (const aspectRatio of ASPECTS)
      for (const seconds of [0.8, 7.3, 60, 299.5])
        for (const background of ['color', 'image', 'beside', 'green'] as const) {
          const plan: TalkingPlan = {
            aspectRatio,
            avatarId: 'a1',
            speechSeconds: seconds,
            words: words(seconds),
            background:
              background === 'color' || background === 'green'
                ? { kind: 'color', color: background === 'green' ? '#00FF00' : '#2B3A55' }
                : { kind: 'image', file: 'background.png' },
            greenScreen: background === 'green',
            transparent: false,
            caption: { hidden: background === 'green', setting: null },
            files: { voice: 'voice.mp3', background: background === 'image' || background === 'beside' ? 'background.png' : null, music: 'music.mp3' },
          };
          const label = `${aspectRatio} ${seconds} s ${background}`;
          const timeline = talkingTimeline(plan, '/plan', clip, background === 'beside' ? decorate : undefined);
          expect(timelineDurationSeconds(timeline), label).toBeCloseTo(seconds, 6);
          expectFrames(timeline.scenes, seconds, label);
          if (seconds < 100)
            for (const quality of ['preview', 'render'] as const)
              expect(
                Math.abs(compileTimeline(timeline, { quality, videoPath: '/out/v.mp4' }).expectedDurationSeconds - seconds),
                `${label} ${quality}`,
              ).toBeLessThanOrEqual(0.05);
        }
  });
});
