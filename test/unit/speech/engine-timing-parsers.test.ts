import { describe, expect, it } from 'vitest';
import { timingsFromEspeakEvents } from '../../../src/engines/speech/espeak-ng.js';
import { festivalScript, parseFestivalTimings } from '../../../src/engines/speech/festival.js';
import { parsePsdur } from '../../../src/engines/speech/flite.js';
import { alignPhonesToWords } from '../../../src/engines/speech/phone-word-alignment.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';

describe('espeak-ng events', () => {
  // Shaped like libespeak-ng's events; the first two words' positions are from a real run.
  const events = {
    sampleRate: 22050,
    samples: 44100,
    words: [
      [1, 5, 0],
      [7, 5, 6427],
      [14, 1, 19409],
      [16, 4, 20000],
      [21, 2, 26000],
      [28, 6, 30000],
    ] as Array<[number, number, number]>,
    phones: [
      ['h', 264],
      ['@', 1384],
      ['l', 2472],
      ['oU', 4072],
      ['w', 6625],
      ['3:', 9505],
      ['l', 14795],
      ['d', 15324],
      ['_:', 16102],
      ['_', 19409],
      ['a#', 19409],
      ['t', 20000],
      ['E', 21000],
      ['s', 23000],
      ['t', 25000],
      ['V', 26000],
      ['v', 27000],
      ['D', 28000],
      ['@2', 29000],
      ['t2', 30000],
      ['aI', 32000],
      ['m', 36000],
      ['I', 38000],
      ['N', 40000],
      ['_:', 42000],
    ] as Array<[string, number]>,
  };
  it('turns start events into word spans that end at the next pause or word', () => {
    const { words } = timingsFromEspeakEvents('Hello world, a test of the timing.', events);
    expect(words.map((w) => w.word)).toEqual(['Hello', 'world', 'a', 'test', 'of', 'the', 'timing']);
    expect(words[1]!.startSeconds).toBeCloseTo(6427 / 22050, 4);
    // "world" ends where the pause after the comma begins, not at the next word.
    expect(words[1]!.endSeconds).toBeCloseTo(16102 / 22050, 4);
    expect(words[6]!.endSeconds).toBeCloseTo(42000 / 22050, 4);
  });
  it('shares a unit espeak-ng says as one ("of the") between its words', () => {
    const { words } = timingsFromEspeakEvents('Hello world, a test of the timing.', events);
    const of = words[4]!;
    const the = words[5]!;
    expect(of.startSeconds).toBeCloseTo(26000 / 22050, 4);
    expect(of.endSeconds).toBeCloseTo(the.startSeconds, 6);
    expect(the.endSeconds).toBeCloseTo(30000 / 22050, 4);
  });
  it('keeps phones but not pauses', () => {
    const { phones } = timingsFromEspeakEvents('Hello world, a test of the timing.', events);
    expect(phones.some((p) => p.phone.startsWith('_'))).toBe(false);
    expect(phones[0]).toEqual({ phone: 'h', startSeconds: 264 / 22050, endSeconds: 1384 / 22050 });
  });
});

describe('flite -psdur', () => {
  it('chains utterances: each line restarts at zero', () => {
    const phones = parsePsdur('pau:0.1 hh:0.2 ay:0.4 pau:0.5 \npau:0.1 b:0.2 ay:0.3 pau:0.4 \n');
    expect(phones.map((p) => p.phone).join(' ')).toBe('pau hh ay pau pau b ay pau');
    expect(phones[5]!.startSeconds).toBeCloseTo(0.6, 6);
    expect(phones[5]!.endSeconds).toBeCloseTo(0.7, 6);
    expect(phones[7]!.endSeconds).toBeCloseTo(0.9, 6);
  });
  it('gives words the span of their phones even when context changes a phone', () => {
    // "a" is "ey" alone but "ax" in running speech.
    const timed = [
      { phone: 'hh', startSeconds: 0.1, endSeconds: 0.2 },
      { phone: 'ax', startSeconds: 0.2, endSeconds: 0.25 },
      { phone: 'l', startSeconds: 0.25, endSeconds: 0.3 },
      { phone: 'ow', startSeconds: 0.3, endSeconds: 0.4 },
      { phone: 'ax', startSeconds: 0.4, endSeconds: 0.45 },
      { phone: 'k', startSeconds: 0.45, endSeconds: 0.5 },
      { phone: 'ae', startSeconds: 0.5, endSeconds: 0.6 },
      { phone: 't', startSeconds: 0.6, endSeconds: 0.7 },
    ];
    const words = alignPhonesToWords(timed, [['hh', 'ax', 'l', 'ow'], ['ey'], ['k', 'ae', 't']], ['hello', 'a', 'cat']);
    expect(words).toEqual([
      { word: 'hello', startSeconds: 0.1, endSeconds: 0.4 },
      { word: 'a', startSeconds: 0.4, endSeconds: 0.45 },
      { word: 'cat', startSeconds: 0.45, endSeconds: 0.7 },
    ]);
  });
});

describe('festival', () => {
  it('parses the Word and Segment dumps of the script', () => {
    const out = 'W\tHello\t0.165\t0.400\nW\tworld\t0.400\t0.865\nP\tpau\t0\t0.165\nP\thh\t0.165\t0.255\nnoise line\n';
    const { words, phones } = parseFestivalTimings(out);
    expect(words).toEqual([
      { word: 'Hello', startSeconds: 0.165, endSeconds: 0.4 },
      { word: 'world', startSeconds: 0.4, endSeconds: 0.865 },
    ]);
    expect(phones).toEqual([{ phone: 'hh', startSeconds: 0.165, endSeconds: 0.255 }]);
  });
  it('keeps the clitic of "Here\'s" with its word (festival gives "\'s" no time of its own)', () => {
    // A real run of "Here's the thing: it's great." with cmu_us_slt_arctic_hts.
    const out = [
      'W\tHere\t0.175000\t0.490000',
      "W\t's\t0.000000\t0.000000",
      'W\tthe\t0.490000\t0.575000',
      'W\tthing\t0.575000\t0.980000',
      "W\tit's\t1.115000\t1.315000",
    ].join('\n');
    const { words } = parseFestivalTimings(out);
    expect(words.map((w) => w.word)).toEqual(["Here's", 'the', 'thing', "it's"]);
    expect(words[0]).toEqual({ word: "Here's", startSeconds: 0.175, endSeconds: 0.49 });
  });
  it('escapes text for Scheme so quotes cannot break out of the string', () => {
    const script = festivalScript({ text: 'Say "hi" \\ (now)', engineVoice: 'cmu_us_slt_arctic_hts', outWavPath: '/tmp/x.wav', rate: 1.25 });
    expect(script).toContain('(Utterance Text "Say \\"hi\\" \\\\ (now)")');
    expect(script).toContain('(list "-r" 1.2500)');
  });
});

describe('tokenizeWords', () => {
  it('keeps spoken tokens with the pause their punctuation invites', () => {
    expect(tokenizeWords('Well, "don\'t" — stop. OK!')).toEqual([
      { word: 'Well', breakAfter: 'clause' },
      { word: "don't", breakAfter: 'clause' },
      { word: 'stop', breakAfter: 'sentence' },
      { word: 'OK', breakAfter: 'sentence' },
    ]);
  });
});
