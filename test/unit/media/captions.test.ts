import { describe, expect, it } from 'vitest';
import {
  CAPTION_STYLE_NAMES,
  CAPTION_STYLES,
  buildCaptionTrack,
  escapeAssText,
  formatAssTime,
  normalizeCaptionSetting,
  paginateWords,
  parseTextShadow,
  writeAssDocument,
} from '../../../src/media/index.js';
import type { WordTiming } from '../../../src/core/timing.js';

const FRAME = { width: 1080, height: 1920 };
const words = (text: string, start = 0, each = 0.4): WordTiming[] =>
  text.split(' ').map((word, i) => ({ word, startSeconds: start + i * each, endSeconds: start + i * each + each * 0.9 }));

describe('caption_setting', () => {
  it('applies the contract defaults', () => {
    const s = normalizeCaptionSetting(undefined);
    expect(s).toMatchObject({ style: 'normal-black', offset: { x: 0, y: 0.4 }, fontSizePx: 70, hidden: false, italic: false });
    expect(s.fontFamily).toBeUndefined();
  });

  it('maps the flat fields and parses font_style, colours and numbers given as strings', () => {
    const s = normalizeCaptionSetting({
      caption_style: 'Neo',
      caption_offset_x: '-0.2',
      caption_offset_y: '0.9',
      font_style: 'font-bold, italic',
      text_color: '#FF000080',
      font_size: '48',
      max_width: 600,
      line_height: 1.5,
    });
    expect(s.style).toBe('neo');
    expect(s.offset).toEqual({ x: -0.2, y: 0.5 });
    expect(s).toMatchObject({ bold: true, italic: true, underline: false, fontSizePx: 48, maxWidthPx: 600, lineHeight: 1.5 });
    expect(s.textColor).toEqual({ r: 255, g: 0, b: 0, a: 128 });
  });

  it('prefers the object form over the flat form and ignores an unknown style', () => {
    const s = normalizeCaptionSetting({ style: 'no-such-style', caption_style: 'neo', offset: { x: 0.1, y: -0.1 }, caption_offset_x: '0.3' });
    expect(s.style).toBe('normal-black');
    expect(s.offset).toEqual({ x: 0.1, y: -0.1 });
  });

  it('reads a CSS-like text shadow', () => {
    expect(parseTextShadow('2px 3px 4px #112233')).toEqual({ offsetXPx: 2, offsetYPx: 3, blurPx: 4, color: { r: 17, g: 34, b: 51, a: 255 } });
    expect(parseTextShadow('none')).toBeUndefined();
  });
});

describe('caption styles', () => {
  it('has the contract names and at least 12 styles covering every animation', () => {
    for (const name of [
      'normal-black',
      'normal-white',
      'normal-red',
      'normal-blue',
      'neo',
      'brick',
      'frenzy',
      'verana',
      'mustard',
      'glow',
      'mint',
      'coolers',
      'bilo',
      'toons',
      'deep-blue',
      'mystique',
      'caution',
      'duality',
    ]) {
      expect(CAPTION_STYLE_NAMES).toContain(name);
    }
    expect(CAPTION_STYLE_NAMES.length).toBeGreaterThanOrEqual(12);
    const animations = new Set(Object.values(CAPTION_STYLES).map((l) => l.animation));
    expect([...animations].sort()).toEqual(['karaoke', 'pop', 'progressive', 'static']);
    expect(Object.values(CAPTION_STYLES).some((l) => l.boxColor)).toBe(true);
  });
});

describe('paging words', () => {
  const opts = { fontSizePx: 70, maxWidthPx: 500, maxLines: 2, uppercase: false, bold: true, singleWord: false };

  it('wraps lines to the width, at most two lines a page, and breaks at sentences and pauses', () => {
    const timed = [...words('one two three four five six seven eight nine ten eleven twelve'), { word: 'later', startSeconds: 9, endSeconds: 9.3 }];
    const pages = paginateWords(timed, opts);
    for (const page of pages) expect(page.lines.length).toBeLessThanOrEqual(2);
    expect(pages[pages.length - 1]!.lines.flat().map((w) => w.word)).toEqual(['later']);
    const sentences = paginateWords(words('Hi there. Bye now'), opts);
    expect(
      sentences.map((p) =>
        p.lines
          .flat()
          .map((w) => w.word)
          .join(' '),
      ),
    ).toEqual(['Hi there.', 'Bye now']);
  });

  it('bridges short gaps between pages so captions do not flicker', () => {
    const pages = paginateWords(words('Hi there. Bye now'), opts);
    expect(pages[0]!.endSeconds).toBeCloseTo(pages[1]!.startSeconds, 5);
  });

  it('gives each word its own page for word-by-word looks', () => {
    expect(paginateWords(words('a b c'), { ...opts, singleWord: true })).toHaveLength(3);
  });
});

describe('caption track', () => {
  it('highlights the spoken word in karaoke styles, one set of events per word', () => {
    const setting = normalizeCaptionSetting({ style: 'neo', highlight_text_color: '#00FF00' });
    const { events, style } = buildCaptionTrack(words('make it pop'), setting, FRAME, 'Montserrat');
    expect(events).toHaveLength(3);
    expect(events[1]!.text).toContain('{\\c&H00FF00&\\1a&H00&}IT{');
    expect(events[1]!.startSeconds).toBeCloseTo(0.4);
    expect(style.fontName).toBe('Montserrat');
  });

  it('pops words one at a time, boxes boxed looks, and hides when asked', () => {
    const pop = buildCaptionTrack(words('big news'), normalizeCaptionSetting({ style: 'frenzy' }), FRAME, 'X');
    expect(pop.events).toHaveLength(2);
    expect(pop.events[0]!.text).toMatch(/\\t\(0,\d+,\\fscx100\\fscy100\)/);
    expect(buildCaptionTrack(words('a b'), normalizeCaptionSetting({ style: 'caution' }), FRAME, 'X').style.borderStyle).toBe(3);
    expect(buildCaptionTrack(words('a b'), normalizeCaptionSetting({ background_color: '#000000' }), FRAME, 'X').style.borderStyle).toBe(3);
    expect(buildCaptionTrack(words('a b'), normalizeCaptionSetting({ hidden: true }), FRAME, 'X').events).toEqual([]);
  });

  it('positions the block by offset and keeps it inside the frame', () => {
    const centred = buildCaptionTrack(words('hello'), normalizeCaptionSetting({ offset: { x: 0.25, y: -0.25 } }), FRAME, 'X');
    expect(centred.events[0]!.text).toContain('\\pos(810,480)');
    const low = buildCaptionTrack(words('hello'), normalizeCaptionSetting({ offset: { x: 0, y: 0.5 } }), FRAME, 'X');
    const y = Number(/\\pos\([\d.]+,([\d.]+)\)/.exec(low.events[0]!.text)![1]);
    expect(y).toBeLessThan(1920 - 35);
  });

  it('applies the request colours over the look', () => {
    const { style } = buildCaptionTrack(words('a'), normalizeCaptionSetting({ text_color: '#102030' }), FRAME, 'X');
    expect(style.primaryColor).toBe('&H00302010');
  });
});

describe('ASS document', () => {
  it('formats times in centiseconds and neutralises override characters in user text', () => {
    expect(formatAssTime(3723.456)).toBe('1:02:03.46');
    expect(escapeAssText('a{\\b1}b\nc')).toBe('a(/b1)b\\Nc');
  });

  it('writes the header with PlayRes and sorted events, dropping empty ones', () => {
    const doc = writeAssDocument(
      FRAME,
      [],
      [
        { layer: 0, startSeconds: 2, endSeconds: 3, style: 'S', text: 'second' },
        { layer: 0, startSeconds: 1, endSeconds: 1, style: 'S', text: 'empty' },
        { layer: 0, startSeconds: 0.5, endSeconds: 1, style: 'S', text: 'first' },
      ],
    );
    expect(doc).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(doc.indexOf('first')).toBeLessThan(doc.indexOf('second'));
    expect(doc).not.toContain('empty');
  });
});
