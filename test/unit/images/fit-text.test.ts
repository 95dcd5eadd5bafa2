import { describe, expect, it } from 'vitest';
import { fitTextInBox } from '../../../src/pipelines/custom-templates/text-box.js';
import { lineBoxPerPx, measureTextWidth } from '../../../src/pipelines/images/text/canvas-fonts.js';
import { fitText, type FitOptions } from '../../../src/pipelines/images/text/fit-text.js';
import { PRODUCT_PAGES } from '../../fixtures/product-pages/product-pages.js';

/** Every character 0.6 em wide, a space too: sizes and line counts can be worked out by hand. */
const mono = (text: string, px: number) => text.length * px * 0.6;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('fitText: wrap, then shrink to the minimum, then more lines, then a shorter variant; never cut', () => {
  const o: FitOptions = { measure: mono, maxPx: 40, minPx: 20, lineHeight: 1, maxLines: 2 };

  it('keeps the largest size when the text wraps into the lines allowed', () => {
    // 'aaaa bbbb cccc' is 14 characters: 336 px at 40 px, so two lines of 'aaaa bbbb' (216) / 'cccc'.
    const fit = fitText('aaaa bbbb cccc', { width: 220, height: 80 }, o);
    expect(fit).toMatchObject({ fontPx: 40, fits: true, shortened: false });
    expect(fit.lines).toHaveLength(2);
    expect(fit.lines.join(' ')).toBe('aaaa bbbb cccc');
  });

  it('shrinks before it uses more lines than asked, and only at the minimum size goes past them', () => {
    // Three words of 10 characters do not go two to a line at 40 px in 400 px, but do at 30 px.
    const shrunk = fitText('aaaaaaaaaa bbbbbbbbbb cccccccccc', { width: 400, height: 200 }, o);
    expect(shrunk.lines).toHaveLength(2);
    expect(shrunk.fontPx).toBeLessThan(40);
    expect(shrunk.fontPx).toBeGreaterThanOrEqual(20);
    // Six such words in 300 px: two to a line only below 24 px, so three lines even at 20 px.
    const six = 'aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff';
    const more = fitText(six, { width: 300, height: 200 }, o);
    expect(more).toMatchObject({ fontPx: 20, fits: true, shortened: false });
    expect(more.lines.length).toBeGreaterThan(2);
    expect(more.lines.join(' ')).toBe(six);
  });

  it('uses a shorter variant only when the whole text fits at no allowed size, and never adds an ellipsis', () => {
    const long = 'TrailFlask Summit 32 oz Insulated Water Bottle Cold 24 h Hot 12 h';
    const roomy = fitText(long, { width: 800, height: 200 }, { ...o, shorter: ['TrailFlask Summit'] });
    expect(roomy).toMatchObject({ text: long, shortened: false });
    // 30 px high holds one line at 20 px; the whole name needs two even then.
    const tight = fitText(long, { width: 400, height: 30 }, { ...o, shorter: ['TrailFlask Summit'] });
    expect(tight).toMatchObject({ text: 'TrailFlask Summit', shortened: true, fits: true });
    // Without a variant it stays whole (over its box, and says so) rather than cut.
    const whole = fitText(long, { width: 400, height: 30 }, o);
    expect(whole).toMatchObject({ shortened: false, fits: false, fontPx: 20 });
    expect(whole.lines.join(' ')).toBe(long);
    for (const f of [roomy, tight, whole]) expect(f.lines.join(' ')).not.toMatch(/…|\.\.\./);
  });

  it('keeps a number with its unit and a dash with the word before it', () => {
    const fit = fitText('Whole Bean Coffee, 2 lb Bag – Medium Roast', { width: 300, height: 400 }, { ...o, maxLines: undefined, balance: false });
    expect(fit.lines.some((l) => l.endsWith(' 2') || l.startsWith('lb'))).toBe(false);
    expect(fit.lines.some((l) => l.startsWith('–'))).toBe(false);
  });

  it('never breaks at a no-break space (a price as Intl writes it)', () => {
    const fit = fitText('Now only 1.299,00\u00A0€ today', { width: 200, height: 400 }, { ...o, maxLines: undefined, balance: false });
    expect(fit.lines).toContain('1.299,00\u00A0€');
  });

  it("keeps the text's own line breaks and a cap on words per line", () => {
    const fit = fitText('SUMMER\nSALE on every bottle today', { width: 2000, height: 400 }, { ...o, maxLines: undefined, wordsPerLine: 2 });
    expect(fit.lines).toEqual(['SUMMER', 'SALE on', 'every bottle', 'today']);
  });

  it('breaks a word wider than the box at its smallest size (after a hyphen if it has one) and loses no letter', () => {
    const fit = fitText('Super-extraordinarily', { width: 150, height: 200 }, { ...o, maxLines: undefined });
    expect(fit.fontPx).toBe(20);
    expect(fit.lines.join('')).toBe('Super-extraordinarily');
    expect(fit.lines[0]).toBe('Super-');
    for (const line of fit.lines) expect(mono(line, 20)).toBeLessThanOrEqual(150);
  });
});

describe('fitText with canvas measures, on the test pages', () => {
  it("a template's text box (subtitle sizes) holds its lines in a wide face and a narrow one", () => {
    const box = { width: 600, height: 400 };
    for (const font of ['Luckiest Guy', 'Anton', 'Montserrat']) {
      const fit = fitTextInBox('TrailFlask Summit 32 oz Insulated Water Bottle', { sizePx: 120, case: 'upper', bold: true, font }, box);
      const face = { family: font, weight: 700 as const };
      for (const line of fit.lines)
        expect(measureTextWidth(line, face, fit.fontSizePx / lineBoxPerPx(face)), `${font}: ${line}`).toBeLessThanOrEqual(box.width);
      expect(fit.lines.length * fit.fontSizePx * 1.25).toBeLessThanOrEqual(box.height);
      expect(fit.lines.join(' ')).toBe('TRAILFLASK SUMMIT 32 OZ INSULATED WATER BOTTLE');
    }
  });

  const features = PRODUCT_PAGES.flatMap((p) => p.features);
  const longest = [...features].sort((a, b) => b.length - a.length).slice(0, 8);

  it('fits the longest features into a label box: inside it, at or above the minimum, every word kept', () => {
    const box = { width: 900, height: 180 };
    const font = { weight: 700 as const };
    for (const feature of longest) {
      const fit = fitText(feature, box, { font, maxPx: 67, minPx: 41, maxLines: 2 });
      expect(fit.fits, feature).toBe(true);
      expect(fit.fontPx).toBeGreaterThanOrEqual(41);
      expect(words(fit.lines.join(' '))).toEqual(words(feature));
      expect(fit.height).toBeLessThanOrEqual(box.height);
      // Each line measured again, at the size it is drawn: inside the box's width.
      for (const line of fit.lines) expect(measureTextWidth(line, font, fit.fontPx)).toBeLessThanOrEqual(box.width);
    }
  });
});
