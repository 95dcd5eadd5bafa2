import { describe, expect, it } from 'vitest';
import type { WordTiming } from '../../../src/core/timing.js';
import { buildCaptionTrack, normalizeCaptionSetting, wordsAsShown } from '../../../src/media/index.js';
import { normalizeEnglish } from '../../../src/pipelines/speech/text/normalize-english.js';
import { prepareSpeech, speakSentence } from '../../../src/pipelines/speech/text/prepare-text.js';
import { attachShownWords } from '../../../src/pipelines/speech/text/shown-words.js';
import { spokenUnits } from '../../../src/pipelines/speech/text/spoken-units.js';
import { TrackedText } from '../../../src/pipelines/speech/text/tracked-text.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';

/** Timed words as an engine gives them for a chunk: its whitespace words, 0.3 s each. */
const engineWords = (chunks: readonly string[]): WordTiming[] =>
  chunks.flatMap((c) => tokenizeWords(c)).map((t, i) => ({ word: t.word, startSeconds: i * 0.3, endSeconds: i * 0.3 + 0.25 }));

const unitsOf = (sentence: string, language = 'en') =>
  spokenUnits(speakSentence(sentence, language))
    .filter((u) => u.words.length > 1 || u.display !== u.words[0])
    .map((u) => [u.display, u.words.join(' ')]);

describe('numbers in ad copy, as the voice says them (English)', () => {
  const cases: Array<[string, string]> = [
    [
      'Only $34.95, rated 4.7★ by 2,318 reviews.',
      'Only thirty-four dollars and ninety-five cents, rated four point seven stars by two thousand three hundred and eighteen reviews.',
    ],
    // The template's "hot for 12h" reached the engine as written: the digits glued to an unknown unit were never read.
    ['Hot for 12h, cold for 24 h.', 'Hot for twelve hours, cold for twenty-four hours.'],
    ['Runs 12–24 h, charges 0-80% in 25 min.', 'Runs twelve to twenty-four hours, charges zero to eighty percent in twenty-five minutes.'],
    ['32 oz, 750 ml, 16 fl oz, 1.5L.', 'thirty-two ounces, seven hundred and fifty milliliters, sixteen fluid ounces, one point five liters.'],
    ['Two 4 qt baskets, 8 Qt in all, a 1 gal jug.', 'Two four quarts baskets, eight quarts in all, a one gallon jug.'],
    ['A 5000mAh cell, 128GB, 65W, 12V.', 'A five thousand M A H cell, one hundred and twenty-eight gigabytes, sixty-five watts, twelve volts.'],
    ['Brew at 200°F or 93 °C.', 'Brew at two hundred degrees Fahrenheit or ninety-three degrees Celsius.'],
    ['Rated 4.8/5, ★★★★★ from 10,000+ buyers.', 'Rated four point eight out of five, five stars from ten thousand plus buyers.'],
    ['Now $20–$30, or -20% today.', 'Now twenty dollars to thirty dollars, or twenty percent off today.'],
    ['Sony WH-1000XM5 or Galaxy S23 with 5G, 4K and 1080p.', 'Sony W H one thousand X M five or Galaxy S twenty-three with five G, four K and ten eighty p.'],
    ['Join 1M+ users, 2x faster, 24/7 support.', 'Join one million plus users, two times faster, twenty-four seven support.'],
    ['Order by 3pm, w/ Wi-Fi 6 & a 2-year warranty.', 'Order by three p m, with wifi six and a two-year warranty.'],
    // A unit said once for two numbers is said after both: a bare "twelve" was heard as "the well".
    ['Keeps drinks cold for 24 hours and hot for 12.', 'Keeps drinks cold for twenty-four hours and hot for twelve hours.'],
    ['Cold 24 h, hot for 12, ships in 1 day or up to 3.', 'Cold twenty-four hours, hot for twelve hours, ships in one day or up to three days.'],
    ['Our 18/8 steel, 1/2 price, #1 pick.', 'Our eighteen eight steel, one half price, number one pick.'],
  ];
  it.each(cases)('%s', (written, spoken) => {
    expect(normalizeEnglish(written)).toBe(spoken);
  });
});

describe('Spanish, French and German: symbols and units as words, digits left to the engine', () => {
  it.each([
    [
      'es',
      'Solo 34,95 €, 4,7★ de 2.318 opiniones, 24 h y 32 oz, -20 %.',
      'Solo 34 euros con 95, 4,7 estrellas de 2318 opiniones, 24 horas y 32 onzas, 20 por ciento de descuento.',
    ],
    ['fr', 'Seulement 34,95 €, 4,7★, 2\u202f318 avis, 12–24 h, 750 ml.', 'Seulement 34 euros 95, 4,7 étoiles, 2318 avis, 12 à 24 heures, 750 millilitres.'],
    [
      'de',
      'Nur 34,95 €, 4,7/5 von 2.318 Kunden, 12 h heiß, 5000 mAh, 20 %.',
      'Nur 34 Euro 95, 4,7 von 5 von 2318 Kunden, 12 Stunden heiß, 5000 Milliamperestunden, 20 Prozent.',
    ],
  ])('%s', (language, written, spoken) => {
    expect(speakSentence(written, language).spoken).toBe(spoken);
  });
});

describe('what the screen shows for the words said', () => {
  it('maps each rewritten stretch to its spoken words, a range with its unit as one', () => {
    expect(unitsOf('Only $34.95 for 12–24 h of heat, rated 4.7★.')).toEqual([
      ['$34.95', 'thirty-four dollars and ninety-five cents'],
      ['12–24 h', 'twelve to twenty-four hours'],
      ['4.7★', 'four point seven stars'],
    ]);
    expect(unitsOf('Save -20% on 2,318 bottles & 32 oz cups.')).toEqual([
      ['-20%', 'twenty percent off'],
      ['2,318', 'two thousand three hundred and eighteen'],
      ['&', 'and'],
      ['32 oz', 'thirty-two ounces'],
    ]);
    expect(unitsOf('Nur 34,95 € für 24 h.', 'de')).toEqual([
      ['34,95 €', '34 Euro 95'],
      ['24 h', '24 Stunden'],
    ]);
  });

  it('shows a rating written out as people read it, and says it as written', () => {
    expect(unitsOf('Rated 4.7 stars by 2,318 buyers, 4.8 out of 5 stars.')).toEqual([
      ['4.7★', 'four point seven stars'],
      ['2,318', 'two thousand three hundred and eighteen'],
      ['4.8/5★', 'four point eight out of five stars'],
    ]);
    expect(unitsOf('Valoración de 4,7 estrellas.', 'es')).toEqual([['4,7★', '4,7 estrellas']]);
  });

  it('keeps untouched text as its own display, piece by piece, through many rules', () => {
    const t = new TrackedText('a 12-24 b').replace(/(\d+)-(\d+)/g, '$1 to $2').replace(/\d+/g, (n: string) => `<${n}>`);
    expect(t.spoken).toBe('a <12> to <24> b');
    expect(t.display).toBe('a 12-24 b');
    expect(t.stretches().map((s) => [s.display, s.spoken])).toEqual([
      ['a ', 'a '],
      ['12-24', '<12> to <24>'],
      [' b', ' b'],
    ]);
  });

  it('marks the engine words: the first of a stretch shows it, the rest continue it', () => {
    const prepared = prepareSpeech('Only $34.95 today. Cold 24 h.', { language: 'en' });
    const words = attachShownWords(engineWords(prepared.chunks), prepared.units);
    expect(words.map((w) => [w.word, w.shown])).toEqual([
      ['Only', undefined],
      ['thirty-four', '$34.95'],
      ['dollars', ''],
      ['and', ''],
      ['ninety-five', ''],
      ['cents', ''],
      ['today', undefined],
      ['Cold', undefined],
      ['twenty-four', '24 h'],
      ['hours', ''],
    ]);
    const round = (s: number) => Math.round(s * 100) / 100;
    expect(wordsAsShown(words).map((w) => [w.word, round(w.startSeconds), round(w.endSeconds)])).toEqual([
      ['Only', 0, 0.25],
      ['$34.95', 0.3, 1.75],
      ['today', 1.8, 2.05],
      ['Cold', 2.1, 2.35],
      ['24 h', 2.4, 2.95],
    ]);
  });

  it("joins a number Whisper's word timings split (AI Editing's captions come from them)", () => {
    const heard = ['Only', '$34', '.95', 'and', '20', '%', 'off', '2', ',318', 'times', '.'].map((word, i) => ({ word, startSeconds: i, endSeconds: i + 0.5 }));
    expect(wordsAsShown(heard).map((w) => [w.word, w.startSeconds, w.endSeconds])).toEqual([
      ['Only', 0, 0.5],
      ['$34.95', 1, 2.5],
      ['and', 3, 3.5],
      ['20%', 4, 5.5],
      ['off', 6, 6.5],
      ['2,318', 7, 8.5],
      ['times', 9, 9.5],
      ['.', 10, 10.5],
    ]);
  });

  it('matches by spelling when an engine drops or adds a word, and a stray continuation shows itself', () => {
    const prepared = prepareSpeech('Just $5 now.', { language: 'en' });
    const timed = engineWords(prepared.chunks).filter((w) => w.word !== 'five');
    timed.splice(1, 0, { word: 'uh', startSeconds: 0.1, endSeconds: 0.2 });
    expect(attachShownWords(timed, prepared.units).map((w) => [w.word, w.shown])).toEqual([
      ['Just', undefined],
      ['uh', undefined],
      ['dollars', undefined],
      ['now', undefined],
    ]);
  });

  it('lights "$34.95" in a karaoke caption while all its words are said, and shouts words but not numbers', () => {
    const prepared = prepareSpeech('Only $34.95 for 32 oz.', { language: 'en' });
    const words = attachShownWords(engineWords(prepared.chunks), prepared.units);
    const setting = normalizeCaptionSetting({ caption_style: 'mustard' });
    const { events } = buildCaptionTrack(words, setting, { width: 1080, height: 1920 }, 'Montserrat');
    const texts = events.map((e) => e.text.replace(/\{[^}]*\}/g, ''));
    expect(texts.join(' ')).not.toMatch(/THIRTY|DOLLARS|thirty/i);
    expect(texts.slice(0, 2).join(' ')).toMatch(/ONLY \$34\.95 FOR 32 oz/);
    // Mustard's highlight #FFDB58 is &H58DBFF& in ASS (blue, green, red).
    const lit = events.filter((e) => /\{\\c&H58DBFF&[^}]*\}\$34\.95\{/.test(e.text));
    expect(lit.length).toBeGreaterThan(0);
    expect(lit[0]!.startSeconds).toBeCloseTo(0.3);
    expect(lit[0]!.endSeconds).toBeCloseTo(1.8);
  });
});
