import { describe, expect, it } from 'vitest';
import type { AdAnalysis } from '../../../src/domain/ad-clone/ad-analysis.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { styleForHook, writeCloneScript } from '../../../src/pipelines/ad-clone/clone-script.js';
import { cloneTemplate, cloneValues } from '../../../src/pipelines/ad-clone/clone-template.js';
import { fitTextInBox } from '../../../src/pipelines/custom-templates/text-box.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';

const facts = factsFrom(
  {
    title: 'ThermoFlask Pro',
    description: 'Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder.',
    imageUrls: ['https://cdn.test/a.jpg'],
    videoUrls: [],
    logoUrl: null,
    price: { amount: 24.99, currency: 'USD' },
    reviews: null,
  },
  'inner',
);

const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
const pattern = scriptPatternOf([
  w('Tired', 0, 0.3),
  w('of', 0.3, 0.4),
  w('cold', 0.4, 0.7),
  w('coffee?', 0.7, 1.1),
  w('This', 1.5, 1.7),
  w('keeps', 1.7, 2),
  w('it', 2, 2.1),
  w('hot.', 2.1, 2.5),
  w('Shop', 3, 3.3),
  w('now.', 3.3, 3.6),
]);

const analysis = (over: Partial<AdAnalysis> = {}): AdAnalysis => ({
  durationSeconds: 9,
  widthPx: 180,
  heightPx: 320,
  shots: [1.6, 2.4, 2, 3].reduce<AdAnalysis['shots']>((acc, d, index) => {
    const start = acc.length ? acc[acc.length - 1]!.endSeconds : 0;
    acc.push({ index, startSeconds: start, endSeconds: start + d, durationSeconds: d });
    return acc;
  }, []),
  pacing: { shotCount: 4, averageShotSeconds: 2.25, shortestShotSeconds: 1.6, longestShotSeconds: 3, cutsPerMinute: 20 },
  texts: [
    {
      shotIndex: 0,
      atSeconds: 0.8,
      text: 'SHOP THE DROP',
      box: { x: 0.06, y: 0.77, width: 0.87, height: 0.04 },
      color: '#ffd400',
      words: 3,
      lines: 1,
      role: 'caption',
    },
    { shotIndex: 1, atSeconds: 2.8, text: 'NEW', box: { x: 0.4, y: 0.1, width: 0.2, height: 0.03 }, color: '#ffffff', words: 1, lines: 1, role: 'title' },
  ],
  captionLook: {
    position: { x: 0, y: 0.29 },
    region: 'bottom',
    color: '#ffd400',
    case: 'upper',
    wordsPerLine: 3,
    textHeight: 0.04,
    lineWidth: 0.87,
    shotShare: 1,
  },
  transcript: null,
  script: pattern,
  energy: { meanDb: -20, voiceDb: -18, backgroundDb: -30, speechShare: 0.4, level: 'moderate', curveDb: [] },
  ...over,
});

describe("the clone's script", () => {
  it("follows the reference's pattern: as many sentences, a hook first, a call to action last", () => {
    expect(pattern).toMatchObject({ sentenceCount: 3, callToAction: 'Shop now.' });
    // A reference that speaks 12 s (a 15 s ad): room for the copywriter's fact sentences at its count.
    const script = writeCloneScript({ facts, pattern, speakingSeconds: 12, language: 'en', wordsPerSecond: 2.5, seed: 7 });
    expect(script.sentences).toHaveLength(3);
    expect(script.style).toBe('EverWonderHook');
    expect(script.callToAction).toBe(script.sentences[2]);
    expect(script.text.split(/\s+/).length).toBeLessThanOrEqual(Math.ceil(12 * 2.5 * 1.5));
    expect(writeCloneScript({ facts, pattern, speakingSeconds: 12, language: 'en', wordsPerSecond: 2.5, seed: 7 })).toEqual(script);
  });

  it('keeps the hook and the call to action, and leaves out the middle, when the reference speaks too briefly for three of its sentences', () => {
    // 6 s at 2.5 words/s: 15 words, at most 22 with the half again allowed; hook 13 + CTA 10 already pass it.
    const script = writeCloneScript({ facts, pattern, speakingSeconds: 6, language: 'en', wordsPerSecond: 2.5, seed: 7 });
    expect(script.sentences).toHaveLength(2);
    expect(script.hook).toBe(script.sentences[0]);
    expect(script.callToAction).toBe(script.sentences[1]);
    expect(script.callToAction).toContain('$24.99');
  });

  it("picks a hook style from the reference's first line", () => {
    expect(styleForHook('Stop wasting money on cheap bottles.')).toBe('NegativeHook');
    expect(styleForHook('The secret nobody tells you.')).toBe('SecretHook');
    expect(styleForHook(null)).toBe('DiscoveryWriter');
  });
});

describe("the clone's template", () => {
  const full = { width: 1080, height: 1920 };
  const withFade = analysis({
    shots: analysis().shots.map((shot, i) =>
      i === 1
        ? { ...shot, transitionIn: { kind: 'fade' as const, seconds: 0.4 } }
        : i > 0
          ? { ...shot, transitionIn: { kind: 'cut' as const, seconds: 0 } }
          : shot,
    ),
  });

  it("has one scene per shot with its length, joined as the reference joins them, the captions at the reference's size, place and line width", () => {
    const { template } = cloneTemplate({
      analysis: withFade,
      aspect: '9:16',
      pictureCount: 3,
      script: 'Tired of cold coffee? Shop now.',
      lines: ['ThermoFlask Pro', 'Hot for 12 hours'],
      seed: 1,
    });
    expect(template.scenes.map((s) => s.seconds)).toEqual([1.6, 2.4, 2, 3]);
    expect(template.scenes.map((s) => ('slot' in s.background ? s.background.slot : null))).toEqual(['Picture 1', 'Picture 2', 'Picture 3', 'Picture 1']);
    // The crossfade into shot 2 is scene 1's way out; the cuts stay cuts.
    expect(template.scenes.map((s) => s.transition ?? null)).toEqual([{ kind: 'fade', seconds: 0.4 }, null, null, null]);
    // Letters 4 % of a 320 px tall frame, 180 wide: 0.04 × 320/180 × 1080 = 76.8 px capitals at
    // full size, which libass draws at size 163 (capitals 0.47 of it).
    expect(template.captions).toMatchObject({
      slot: 'Script',
      style: { style: 'normal-black', position: { x: 0, y: 0.29 }, color: '#FFD400', case: 'upper', sizePx: 163 },
    });
    // 87 % of the width (940 px) holds about three of this script's words at that size (about 290 px each with its space).
    expect(template.captions?.style.wordsPerLine).toBe(3);
    expect(template.music).toMatchObject({ slot: 'Music' });
    expect(template.length).toEqual({ rule: 'fixed' });
    // Cloned at 16:9, the letters keep their size against the frame's short side.
    const wide = cloneTemplate({ analysis: withFade, aspect: '16:9', pictureCount: 3, script: 'Shop now.', lines: [], seed: 1 }).template;
    expect(wide.aspect).toBe('16:9');
    expect(wide.captions?.style.sizePx).toBe(163);
  });

  it("re-sets a title where it was with the product's name, in a box as wide as the words need: never a narrow column", () => {
    const narrow = analysis({
      texts: [
        ...analysis().texts,
        // A selling point read in part: a box 12 % wide.
        { shotIndex: 2, atSeconds: 5, text: 'cold', box: { x: 0.44, y: 0.45, width: 0.12, height: 0.03 }, color: '#ffffff', words: 1, lines: 1, role: 'text' },
      ],
    });
    const lines = ['ThermoFlask Pro', 'Keeps drinks cold for 24 hours'];
    const { template } = cloneTemplate({ analysis: narrow, aspect: '9:16', pictureCount: 1, script: 'Shop now.', lines, seed: 1 });
    // The caption's place shows the captions; the title (read as "NEW", a box 20 % wide) is re-set.
    expect(template.scenes[0]!.layers).toEqual([]);
    const [title] = template.scenes[1]!.layers;
    const [point] = template.scenes[2]!.layers;
    expect(title).toMatchObject({ kind: 'text', slot: 'Text 1', style: { color: '#FFFFFF', case: 'upper' } });
    expect(template.slots['Text 1']).toMatchObject({ type: 'text', default: 'ThermoFlask Pro' });
    expect(template.slots['Text 2']).toMatchObject({ type: 'text', default: 'Keeps drinks cold for 24 hours' });
    if (title?.kind !== 'text' || point?.kind !== 'text') throw new Error('text layers');
    // Centred where the title was, wide enough for the name on one line at its size: capitals 3 %
    // of the height (58 px at full size) are drawn at size 123.
    expect(title.style.sizePx).toBe(123);
    expect(title.box.x + title.box.width / 2).toBeCloseTo(0.5, 2);
    expect(title.box.y + title.box.height / 2).toBeCloseTo(0.115, 2);
    const fitIn = (layer: typeof title, text: string) =>
      fitTextInBox(text, layer.style, { width: layer.box.width * full.width, height: layer.box.height * full.height });
    // Kept at its size, in a line or two (the fitter's measure takes the name for a little wider
    // than libass draws it), never a word a line.
    const name = fitIn(title, 'ThermoFlask Pro');
    expect(name.fontSizePx).toBe(123);
    expect(name.lines.length).toBeLessThanOrEqual(2);
    expect(title.box.width).toBeGreaterThan(0.6);
    // The point takes the frame's width less its margins (not the 12 % it was read in), at its size,
    // in at most two lines.
    expect(point.box.width).toBeCloseTo(0.9, 2);
    const wrapped = fitIn(point, 'Keeps drinks cold for 24 hours');
    expect(wrapped.lines.length).toBeLessThanOrEqual(2);
    expect(wrapped.lines.join(' ')).toBe('Keeps drinks cold for 24 hours');
    expect(wrapped.fontSizePx).toBe(point.style.sizePx);
  });

  it('shows a title that stays in every shot, where OCR read it in half of them or more', () => {
    const title = (shotIndex: number, width: number) => ({
      shotIndex,
      atSeconds: shotIndex,
      text: 'NORTHPEAK',
      box: { x: 0.5 - width / 2, y: 0.08, width, height: 0.03 },
      color: '#ffd400',
      words: 1,
      lines: 1,
      role: 'title' as const,
    });
    const { template } = cloneTemplate({
      analysis: analysis({ texts: [title(0, 0.5), title(1, 0.58), title(3, 0.55)] }),
      aspect: '9:16',
      pictureCount: 1,
      script: 'Shop now.',
      lines: ['ThermoFlask Pro'],
      seed: 1,
    });
    const layers = template.scenes.map((s) => s.layers);
    expect(layers.map((l) => l.length)).toEqual([1, 1, 1, 1]);
    expect(new Set(layers.map((l) => JSON.stringify(l[0]!.kind === 'text' ? l[0]!.box : null))).size).toBe(1);
    expect(Object.values(template.slots).filter((slot) => slot.type === 'text' && slot.default === 'ThermoFlask Pro')).toHaveLength(4);
  });

  it("says the product's price where the reference showed one, and its own button words on a button", () => {
    const endCard = (text: string, y: number) => ({
      shotIndex: 3,
      atSeconds: 7.5,
      text,
      box: { x: 0.3, y, width: 0.4, height: 0.05 },
      color: '#ffffff',
      words: text.split(' ').length,
      lines: 1,
      role: 'text' as const,
    });
    const { template } = cloneTemplate({
      analysis: analysis({ texts: [endCard('$34.95', 0.6), endCard('Shop now', 0.8)] }),
      aspect: '9:16',
      pictureCount: 1,
      script: 'Shop now.',
      lines: ['ThermoFlask Pro', 'Hot for 12 hours'],
      seed: 1,
      price: '$24.99',
      language: 'en',
    });
    expect(template.scenes[3]!.layers.map((l) => (l.kind === 'text' ? template.slots[l.slot!] : null))).toEqual([
      expect.objectContaining({ default: '$24.99' }),
      expect.objectContaining({ default: 'Shop now' }),
    ]);
  });

  it('sets the service’s own readable captions when the reference shows none, and holds the last shot when the voice needs longer', () => {
    const { template } = cloneTemplate({
      analysis: analysis({ captionLook: null, texts: [] }),
      aspect: '9:16',
      pictureCount: 1,
      script: 'Shop now.',
      lines: [],
      seed: 1,
      videoSeconds: 9.6,
    });
    expect(template.captions).toMatchObject({ slot: 'Script', style: { style: 'normal-black', position: { x: 0, y: 0.25 }, sizePx: 72, wordsPerLine: 3 } });
    expect(template.scenes.map((s) => s.seconds)).toEqual([1.6, 2.4, 2, 3.6]);
  });

  it("re-sets the caption place's text in shots after the voice has stopped, at the captions' look", () => {
    const { template } = cloneTemplate({
      analysis: analysis({
        texts: [
          ...analysis().texts,
          {
            shotIndex: 3,
            atSeconds: 7.5,
            text: 'SHOP NOW',
            box: { x: 0.2, y: 0.77, width: 0.6, height: 0.04 },
            color: '#ffd400',
            words: 2,
            lines: 1,
            role: 'caption',
          },
        ],
      }),
      aspect: '9:16',
      pictureCount: 1,
      script: 'Shop now.',
      lines: ['ThermoFlask Pro', 'Hot for 12 hours'],
      seed: 1,
      speechEndSeconds: 4.2,
    });
    // Shot 0 (0–1.6 s) is under the voice: its caption place shows the captions; shot 3 (6–9 s) is after it.
    expect(template.scenes[0]!.layers).toEqual([]);
    expect(template.scenes[3]!.layers).toEqual([
      expect.objectContaining({ kind: 'text', style: expect.objectContaining({ color: '#FFD400', case: 'upper' }) }),
    ]);
  });

  it("without speech shows the caption place's text as text layers and lays music under it", () => {
    const { template } = cloneTemplate({
      analysis: analysis({ energy: { meanDb: -40, voiceDb: null, backgroundDb: null, speechShare: 0, level: 'calm', curveDb: [] } }),
      aspect: '1:1',
      pictureCount: 1,
      script: null,
      lines: [],
      seed: 1,
    });
    expect(template.captions).toBeUndefined();
    expect(template.slots.Script).toBeUndefined();
    expect(template.scenes[0]!.layers).toEqual([expect.objectContaining({ kind: 'text', style: expect.objectContaining({ color: '#FFD400' }) })]);
    expect(template.slots['Text 1']).toMatchObject({ default: 'SHOP THE DROP' });
    expect(template.music).toMatchObject({ slot: 'Music', volume: 0.6 });
  });

  it("fills the pictures with the link's images and the script with its speech made already", () => {
    const speech = { mp3Path: '/v.mp3', durationSeconds: 1.2, words: [] };
    expect(cloneValues(['https://a', 'https://b'], { text: 'Hi there.', speech })).toEqual({
      'Picture 1': { type: 'image', url: 'https://a' },
      'Picture 2': { type: 'image', url: 'https://b' },
      Script: { type: 'voiceover', text: 'Hi there.', speech },
    });
  });
});
