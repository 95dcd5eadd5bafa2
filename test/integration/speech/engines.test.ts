import { describe, expect, it } from 'vitest';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { EspeakNgEngine } from '../../../src/engines/speech/espeak-ng.js';
import { FestivalEngine } from '../../../src/engines/speech/festival.js';
import { FliteEngine } from '../../../src/engines/speech/flite.js';
import type { SpeechEngine } from '../../../src/engines/speech/port.js';
import { readWav } from '../../../src/engines/speech/wav.js';
import { join } from 'node:path';
import { useTempDir } from './helpers.js';

const tmp = useTempDir();
// One-word sentences force a pause after every word, so each word is an island of sound we can
// find in the audio; words without stop consonants have no silent closure inside them.
const LIST = 'Yellow. Morning. Lemon. Summer. River. Seven.';
const LIST_WORDS = ['Yellow', 'Morning', 'Lemon', 'Summer', 'River', 'Seven'];

const engines: Array<[string, SpeechEngine, string]> = [
  ['espeak-ng', new EspeakNgEngine(), 'en-us+f3'],
  ['flite', new FliteEngine(), 'slt'],
  ['festival', new FestivalEngine(), 'cmu_us_slt_arctic_hts'],
];

describe.each(engines)('%s', (name, engine, voice) => {
  it('speaks, and its word timings sit on the words it spoke (±80 ms)', async () => {
    const out = join(tmp.path, `${name}-list.wav`);
    const result = await engine.synthesize({ text: LIST, engineVoice: voice, outWavPath: out });
    const audio = await readWav(out);
    expect(result.durationSeconds).toBeCloseTo(audio.samples.length / audio.sampleRateHz, 3);
    expect(result.sampleRateHz).toBe(audio.sampleRateHz);
    expect(result.words.map((w) => w.word.toLowerCase())).toEqual(LIST_WORDS.map((w) => w.toLowerCase()));
    expect(result.phones?.length).toBeGreaterThan(20);
    // Festival runs some one-word sentences together, so match each island of sound to the word
    // that starts it and the word that ends it rather than counting islands.
    const islands = findSpeechIslands(audio, { minGapSeconds: 0.1 });
    expect(islands.length).toBeGreaterThanOrEqual(4);
    for (const island of islands) {
      const nearestStart = Math.min(...result.words.map((w) => Math.abs(w.startSeconds - island.start)));
      const nearestEnd = Math.min(...result.words.map((w) => Math.abs(w.endSeconds - island.end)));
      expect(nearestStart, `island at ${island.start}`).toBeLessThan(0.08);
      expect(nearestEnd, `island ending ${island.end}`).toBeLessThan(0.08);
    }
    // And no word lies in a silence.
    for (const w of result.words) {
      const mid = (w.startSeconds + w.endSeconds) / 2;
      expect(
        islands.some((i) => mid >= i.start - 0.02 && mid <= i.end + 0.02),
        `${w.word} is in silence`,
      ).toBe(true);
    }
  });

  it('speaks faster when asked, with timings to match', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const normal = await engine.synthesize({ text, engineVoice: voice, outWavPath: join(tmp.path, `${name}-n.wav`) });
    const fast = await engine.synthesize({ text, engineVoice: voice, outWavPath: join(tmp.path, `${name}-f.wav`), rate: 1.5 });
    const speech = (r: typeof normal) => r.words[r.words.length - 1]!.endSeconds - r.words[0]!.startSeconds;
    expect(speech(fast) / speech(normal)).toBeGreaterThan(0.55);
    expect(speech(fast) / speech(normal)).toBeLessThan(0.8);
    expect(fast.words).toHaveLength(9);
  });

  it('lists its voices', async () => {
    const voices = await engine.listVoices();
    expect(voices.some((v) => v.engineVoice === voice)).toBe(true);
    if (name === 'espeak-ng') expect(voices.length).toBeGreaterThan(200);
  });
});

describe('espeak-ng beyond English', () => {
  it('speaks other languages and scripts with word timings', async () => {
    const engine = new EspeakNgEngine();
    const r = await engine.synthesize({ text: 'Здравствуйте, как дела? Très bien.', engineVoice: 'ru', outWavPath: join(tmp.path, 'ru.wav') });
    expect(r.words.map((w) => w.word)).toEqual(['Здравствуйте', 'как', 'дела', 'Très', 'bien']);
    expect(r.durationSeconds).toBeGreaterThan(1);
  });
  it('speaks every listed voice whose code does not select it by name (en-gb, fr-fr, Cherokee)', async () => {
    const engine = new EspeakNgEngine();
    const listed = new Set((await engine.listVoices()).map((v) => v.engineVoice));
    for (const voice of ['en-gb', 'en-gb+f3', 'fr-fr+f3', 'chr-US-Qaaa-x-west']) {
      expect(listed.has(voice)).toBe(true);
      const r = await engine.synthesize({ text: 'one two three', engineVoice: voice, outWavPath: join(tmp.path, `${voice}.wav`) });
      expect(r.durationSeconds).toBeGreaterThan(0.5);
      expect(r.words).toHaveLength(3);
    }
  });
  it('fails clearly on an unknown voice', async () => {
    await expect(new EspeakNgEngine().synthesize({ text: 'hi', engineVoice: 'xx-nope', outWavPath: join(tmp.path, 'x.wav') })).rejects.toThrow(
      /unknown espeak-ng voice/,
    );
  });
  it('still works without its timing helper, deriving timings from the audio', async () => {
    const engine = new EspeakNgEngine({ pythonCommand: 'no-such-python' });
    const r = await engine.synthesize({ text: LIST, engineVoice: 'en-us', outWavPath: join(tmp.path, 'cli.wav') });
    const islands = findSpeechIslands(await readWav(r.wavPath), { minGapSeconds: 0.1 });
    expect(r.words).toHaveLength(LIST_WORDS.length);
    r.words.forEach((w, i) => {
      expect(Math.abs(w.startSeconds - islands[i]!.start)).toBeLessThan(0.08);
    });
  });
});
