import { describe, expect, it } from 'vitest';
import { parseTemplate, type Template, type TemplateFile } from '../../../src/domain/custom-templates/template-format.js';
import { applyCase, fitTextInBox } from '../../../src/pipelines/custom-templates/text-box.js';
import { avatarClipKey, buildTemplateTimeline, templateLengthSeconds, type ResolvedSlot } from '../../../src/pipelines/custom-templates/template-timeline.js';

const file: TemplateFile = {
  format: 1,
  id: '11111111-2222-4333-8444-555555555555',
  name: 'T',
  aspect: '9:16',
  length: { rule: 'voiceover', slot: 'Voice', tailSeconds: 1, minSeconds: 2, maxSeconds: 30 },
  slots: {
    Photo: { type: 'image', default: { draw: 'pattern', colors: ['#102030'] } },
    Title: { type: 'text', default: 'Hello', maxChars: 40 },
    Host: { type: 'avatar', default: 'amara' },
    Voice: { type: 'voiceover' },
    Music: { type: 'audio', default: { musicCategory: 'upbeat' } },
  },
  scenes: [
    {
      seconds: 2,
      background: { slot: 'Photo', motion: 'zoom-in' },
      transition: { kind: 'fade', seconds: 0.5 },
      layers: [
        { kind: 'text', slot: 'Title', box: { x: 0.1, y: 0.1, width: 0.8, height: 0.2 }, style: { case: 'upper', sizePx: 100 } },
        { kind: 'panel', color: '#FF0000', box: { x: 0, y: 0.8, width: 1, height: 0.2 }, startSeconds: 1 },
      ],
    },
    {
      seconds: 2,
      background: { color: '#00FF00' },
      layers: [{ kind: 'avatar', slot: 'Host', speaks: 'Voice', box: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 }, shape: 'circle' }],
    },
  ],
  captions: { slot: 'Voice', style: { case: 'upper', position: { x: 0, y: 0.3 }, color: '#FFFF00', wordsPerLine: 2 } },
  music: { slot: 'Music', volume: 0.3 },
};
const template = ((): Template => {
  const r = parseTemplate(file);
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.template;
})();

const words = [
  { word: 'big', startSeconds: 0.1, endSeconds: 0.4 },
  { word: 'savings', startSeconds: 0.5, endSeconds: 1 },
];

describe('template → timeline', () => {
  it("length: the voice plus its tail within bounds, else the scenes' own", () => {
    expect(templateLengthSeconds(template, () => 5)).toBe(6);
    expect(templateLengthSeconds(template, () => 0.3)).toBe(2);
    expect(templateLengthSeconds(template, () => 100)).toBe(30);
    expect(templateLengthSeconds(template, () => null)).toBe(4);
  });

  it('scales scenes to the length, places boxes by their centre, puts the avatar on the video clock', () => {
    const slots = new Map<string, ResolvedSlot>([
      ['Photo', { type: 'image', path: '/p.png' }],
      ['Title', { type: 'text', text: 'summer sale' }],
      ['Host', { type: 'avatar', avatarId: 'a' }],
      ['Voice', { type: 'voiceover', text: 'Big savings', speech: { path: '/v.mp3', durationSeconds: 5, words } }],
    ]);
    const timeline = buildTemplateTimeline(
      {
        template,
        slots,
        drawnBackgrounds: new Map(),
        panelPictures: new Map([['#FF0000', '/red.png']]),
        avatarClips: new Map([[avatarClipKey(1, 0), { path: '/host.mp4' }]]),
        musicPath: '/m.wav',
      },
      6,
      { width: 1080, height: 1920 },
    );
    expect(timeline.aspectRatio).toBe('9:16');
    expect(timeline.scenes.map((s) => s.durationSeconds)).toEqual([3, 3]);
    expect(timeline.scenes[0]).toMatchObject({
      background: { kind: 'image', path: '/p.png', motion: 'zoom-in' },
      transitionOut: { kind: 'fade', durationSeconds: 0.5 },
    });
    const [text, panel, host] = timeline.layers!;
    expect(text).toMatchObject({ kind: 'text', text: 'SUMMER SALE', fontSizePx: 100, startSeconds: 0, endSeconds: 3 });
    expect((text as { position: { x: number; y: number } }).position.y).toBeCloseTo(-0.3);
    // A layer's own times scale with its scene (1 s of 2 → 1.5 s of 3).
    expect(panel).toMatchObject({ kind: 'image', path: '/red.png', fit: 'crop', box: { width: 1, height: 0.2 }, startSeconds: 1.5 });
    expect(host).toMatchObject({
      kind: 'avatar',
      path: '/host.mp4',
      shape: 'circle',
      startSeconds: 3,
      endSeconds: 6,
      sourceStartSeconds: 3,
      position: { x: 0.25, y: 0.25 },
    });
    expect(timeline.voiceover).toEqual({ clips: [{ path: '/v.mp3', startSeconds: 0 }] });
    expect(timeline.music).toMatchObject({ path: '/m.wav', volume: 0.3, loop: true });
    expect(timeline.captionTracks![0]).toMatchObject({
      words: [{ word: 'BIG' }, { word: 'SAVINGS' }],
      setting: { offset: { x: 0, y: 0.3 }, text_color: '#FFFF00', max_width: expect.any(Number) },
    });
  });

  it('captions show a price as written, timed over its spoken words, and keep its case in a shouting look', () => {
    const spoken = [
      { word: 'only', startSeconds: 0, endSeconds: 0.2 },
      { word: 'thirty-four', startSeconds: 0.3, endSeconds: 0.6, shown: '$34.95' },
      { word: 'dollars', startSeconds: 0.6, endSeconds: 0.9, shown: '' },
      { word: 'and', startSeconds: 0.9, endSeconds: 1, shown: '' },
      { word: 'ninety-five', startSeconds: 1, endSeconds: 1.4, shown: '' },
      { word: 'cents', startSeconds: 1.4, endSeconds: 1.7, shown: '' },
      { word: 'for', startSeconds: 1.8, endSeconds: 1.9 },
      { word: 'thirty-two', startSeconds: 2, endSeconds: 2.3, shown: '32 oz' },
      { word: 'ounces', startSeconds: 2.3, endSeconds: 2.7, shown: '' },
    ];
    const timeline = buildTemplateTimeline(
      {
        template,
        slots: new Map<string, ResolvedSlot>([
          ['Voice', { type: 'voiceover', text: 'Only $34.95 for 32 oz', speech: { path: '/v.mp3', durationSeconds: 3, words: spoken } }],
        ]),
        drawnBackgrounds: new Map(),
        panelPictures: new Map(),
        avatarClips: new Map(),
        musicPath: null,
      },
      4,
      { width: 1080, height: 1920 },
    );
    expect(timeline.captionTracks![0]!.words.map((w) => [w.word, w.startSeconds, w.endSeconds])).toEqual([
      ['ONLY', 0, 0.2],
      ['$34.95', 0.3, 1.7],
      ['FOR', 1.8, 1.9],
      ['32 oz', 2, 2.7],
    ]);
  });

  it('text fits its box: wrapped, words per line capped, shrunk when it must be', () => {
    expect(applyCase("it's a new day", 'title')).toBe("It's A New Day");
    const wide = fitTextInBox('one two three four five six', { sizePx: 60, case: 'as-is', bold: true, wordsPerLine: 2 }, { width: 2000, height: 1000 });
    expect(wide).toEqual({ lines: ['one two', 'three four', 'five six'], fontSizePx: 60 });
    const tight = fitTextInBox('a rather long headline for a small box', { sizePx: 120, case: 'upper', bold: true }, { width: 400, height: 200 });
    expect(tight.fontSizePx).toBeLessThan(120);
    expect(tight.lines.join(' ')).toBe('A RATHER LONG HEADLINE FOR A SMALL BOX');
    expect(tight.lines.length * tight.fontSizePx * 1.25).toBeLessThanOrEqual(200);
  });
});
