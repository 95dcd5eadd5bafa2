import { describe, expect, it } from 'vitest';
import { ForcedAlignmentEngine } from '../../../src/engines/speech/aligned-engine.js';
import { FakeSpeechEngine } from '../../../src/engines/speech/fake-engine.js';
import { alignmentGrammar, arpabetFromFlite, parseAlignmentCtm, parseCmudict, pocketsphinxAlignArgs } from '../../../src/engines/speech/pocketsphinx-align.js';

const TOKENS = [
  {
    word: 'Our',
    variants: [
      ['AW', 'ER'],
      ['AW', 'R'],
    ],
  },
  { word: 'bottle', variants: [['B', 'AA', 'T', 'AH', 'L']] },
];

describe('pocketsphinx forced alignment: grammar and output', () => {
  it('makes every phone of every variant its own word, variants as alternatives, tokens in order', () => {
    const g = alignmentGrammar(TOKENS);
    expect(g.jsgf).toContain('public <utt> = ( t0v0p0 t0v0p1 | t0v1p0 t0v1p1 ) t1v0p0 t1v0p1 t1v0p2 t1v0p3 t1v0p4;');
    expect(g.dict.split('\n')).toContain('t0v1p1 R');
    expect(g.phoneOf.get('t1v0p4')).toEqual({ token: 1, phone: 'l' });
  });

  it('reads phones from the CTM and spans each word over its phones, gaps closed', () => {
    const g = alignmentGrammar(TOKENS);
    const ctm = [
      'utt 1 0.05 0.09 t0v1p0 1.000',
      'utt 1 0.15 0.10 t0v1p1 1.000',
      'utt 1 0.60 0.05 t1v0p0 1.000',
      'utt 1 0.66 0.08 t1v0p1 1.000',
      'utt 1 0.75 0.04 t1v0p2 1.000',
      'utt 1 0.80 0.05 t1v0p3 1.000',
      'utt 1 0.86 0.13 t1v0p4 1.000',
    ].join('\n');
    const out = parseAlignmentCtm(ctm, TOKENS, g.phoneOf);
    expect(out.words).toEqual([
      { word: 'Our', startSeconds: 0.05, endSeconds: 0.26 },
      { word: 'bottle', startSeconds: 0.6, endSeconds: 1 },
    ]);
    expect(out.phones.map((p) => p.phone)).toEqual(['aw', 'r', 'b', 'aa', 't', 'ah', 'l']);
    expect(out.phones[0]).toEqual({ phone: 'aw', startSeconds: 0.05, endSeconds: 0.15 });
  });

  it('refuses a partial alignment (a word missing)', () => {
    const g = alignmentGrammar(TOKENS);
    expect(() => parseAlignmentCtm('utt 1 0.05 0.09 t0v0p0 1.000\n', TOKENS, g.phoneOf)).toThrow(/bottle/);
  });

  it('turns flite t2p output into the model phone set, and reads the dictionary with variants', () => {
    expect(arpabetFromFlite('pau n ay1 n t iy1 n d aa1 l er z pau \n')).toEqual(['N', 'AY', 'N', 'T', 'IY', 'N', 'D', 'AA', 'L', 'ER', 'Z']);
    expect(arpabetFromFlite('pau v eh1 r d ax pau')).toEqual(['V', 'EH', 'R', 'D', 'AH']);
    const dict = parseCmudict('our AW ER\nour(2) AW R\nthe DH AH\n');
    expect(dict.get('our')).toEqual([
      ['AW', 'ER'],
      ['AW', 'R'],
    ]);
  });

  it('keeps the whole file one utterance on the file clock', () => {
    const args = pocketsphinxAlignArgs('/w');
    expect(args.join(' ')).toContain('-remove_silence no');
    expect(args.join(' ')).toContain('-jsgf /w/g.jsgf -dict /w/p.dict');
    expect(args.join(' ')).toContain('-adcin yes');
  });
});

describe('ForcedAlignmentEngine', () => {
  const voices = [
    { engine: 'remote' as const, engineVoice: 'en', locale: 'en-US', languageName: 'English', gender: null, label: 'en' },
    { engine: 'remote' as const, engineVoice: 'fr', locale: 'fr-FR', languageName: 'French', gender: null, label: 'fr' },
  ];
  const inner = new FakeSpeechEngine('remote', voices);
  const aligned = { words: [{ word: 'hello', startSeconds: 0.1, endSeconds: 0.4 }], phones: [{ phone: 'hh', startSeconds: 0.1, endSeconds: 0.2 }] };

  it('replaces the engine timings by the alignment for English voices only', async () => {
    const engine = new ForcedAlignmentEngine(inner, { align: async () => aligned });
    const en = await engine.synthesize({ text: 'hello', engineVoice: 'en', outWavPath: '/tmp/fa-en.wav' });
    expect(en.words).toEqual(aligned.words);
    expect(en.phones).toEqual(aligned.phones);
    const fr = await engine.synthesize({ text: 'bonjour', engineVoice: 'fr', outWavPath: '/tmp/fa-fr.wav' });
    expect(fr.phones).toBeUndefined();
  });

  it('keeps the pause-based words and reports why when the alignment fails', async () => {
    const reasons: unknown[] = [];
    const engine = new ForcedAlignmentEngine(
      inner,
      {
        align: async () => {
          throw new Error('no hypothesis');
        },
      },
      (err) => reasons.push(err),
    );
    const out = await engine.synthesize({ text: 'hello there', engineVoice: 'en', outWavPath: '/tmp/fa-fail.wav' });
    expect(out.words.map((w) => w.word)).toEqual(['hello', 'there']);
    expect(out.phones).toBeUndefined();
    expect(String(reasons[0])).toContain('no hypothesis');
  });
});
