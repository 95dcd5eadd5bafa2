import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { deriveWordTimings } from '../../../src/engines/speech/derive-word-timings.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { PocketsphinxAligner } from '../../../src/engines/speech/pocketsphinx-align.js';
import { FestivalEngine } from '../../../src/engines/speech/festival.js';
import { RhvoiceEngine } from '../../../src/engines/speech/rhvoice.js';
import { readWav } from '../../../src/engines/speech/wav.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { useTempDir } from './helpers.js';

const tmp = useTempDir();
const TEXT = "Here's the thing: our new bottle keeps water cold for 24 hours. It costs just $19, and it ships today.";

describe('forced alignment of RHVoice speech (pocketsphinx)', () => {
  it('times every word in order, agrees with the pauses, and times phones inside their words', async () => {
    const wav = join(tmp.path, 'clb.wav');
    const speech = await createSpeechEngines().rhvoice!.synthesize({ text: TEXT, engineVoice: 'clb', outWavPath: wav });
    const tokens = tokenizeWords(TEXT);

    expect(speech.words.map((w) => w.word)).toEqual(tokens.map((t) => t.word));
    for (let i = 1; i < speech.words.length; i++) expect(speech.words[i]!.startSeconds).toBeGreaterThanOrEqual(speech.words[i - 1]!.endSeconds - 1e-9);
    for (const w of speech.words) expect(w.endSeconds).toBeGreaterThan(w.startSeconds);

    // At every pause of the audio (a gap of 0.2 s or more between islands of sound: the
    // sentence and clause breaks; shorter gaps are stop closures inside words), one word ends
    // and the next begins, each within 80 ms of the pause's edges.
    const islands = findSpeechIslands(await readWav(wav));
    const pauses = islands
      .slice(1)
      .map((isl, i) => ({ start: islands[i]!.end, end: isl.start }))
      .filter((p) => p.end - p.start >= 0.2);
    expect(pauses.length).toBeGreaterThanOrEqual(2);
    for (const pause of pauses) {
      const i = speech.words.findIndex(
        (w, k) => k + 1 < speech.words.length && Math.abs(w.endSeconds - pause.start) < 0.08 && Math.abs(speech.words[k + 1]!.startSeconds - pause.end) < 0.08,
      );
      expect(i, `pause ${pause.start.toFixed(2)}–${pause.end.toFixed(2)}`).toBeGreaterThanOrEqual(0);
      expect(tokens[i]!.breakAfter, speech.words[i]!.word).not.toBe('none');
    }

    // Phones: ARPAbet, each inside its word, and every word has some ("$19" has "dollars").
    const phones = speech.phones ?? [];
    expect(phones.length).toBeGreaterThan(speech.words.length * 2);
    for (const w of speech.words) {
      const inside = phones.filter((p) => p.startSeconds >= w.startSeconds - 1e-9 && p.endSeconds <= w.endSeconds + 1e-9);
      expect(inside.length, w.word).toBeGreaterThan(0);
    }
    for (const p of phones) expect(speech.words.some((w) => p.startSeconds >= w.startSeconds - 1e-9 && p.endSeconds <= w.endSeconds + 1e-9)).toBe(true);
    const dollars = speech.words.find((w) => w.word === '19')!;
    expect(
      phones
        .filter((p) => p.startSeconds >= dollars.startSeconds && p.endSeconds <= dollars.endSeconds)
        .map((p) => p.phone)
        .join(' '),
    ).toBe('n ay n t iy n d aa l er z');
  }, 60_000);

  it("matches festival's own word timings (known truth) within 80 ms, far closer than the pause-based derivation", async () => {
    const text = "Here's the thing: our new bottle keeps water cold for twenty four hours. It costs just nineteen dollars, and it ships today.";
    const wav = join(tmp.path, 'festival.wav');
    const truth = (await new FestivalEngine().synthesize({ text, engineVoice: 'cmu_us_slt_arctic_hts', outWavPath: wav })).words;
    const aligned = (await new PocketsphinxAligner().align({ wavPath: wav, text })).words;
    const byPauses = deriveWordTimings(await readWav(wav), tokenizeWords(text));
    expect(aligned.map((w) => w.word)).toEqual(truth.map((w) => w.word));
    const errors = (words: typeof aligned) =>
      words.flatMap((w, i) => [Math.abs(w.startSeconds - truth[i]!.startSeconds), Math.abs(w.endSeconds - truth[i]!.endSeconds)]).sort((a, b) => a - b);
    const median = (e: number[]) => e[Math.floor(e.length / 2)]!;
    const alignedErrors = errors(aligned);
    // Measured: aligned median 10 ms, worst 50 ms; pause-based median 123 ms, worst 715 ms.
    expect(alignedErrors.at(-1)!).toBeLessThan(0.08);
    expect(median(alignedErrors)).toBeLessThan(0.03);
    expect(median(errors(byPauses))).toBeGreaterThan(2 * median(alignedErrors));
  }, 60_000);

  it('fails (so the engine falls back) when the text is not what was said', async () => {
    const wav = join(tmp.path, 'other.wav');
    await new RhvoiceEngine().synthesize({ text: 'Good morning.', engineVoice: 'bdl', outWavPath: wav });
    await expect(
      new PocketsphinxAligner().align({
        wavPath: wav,
        text: 'Our coffee subscription starts at twelve dollars a month and nine out of ten customers stay for more than a year.',
      }),
    ).rejects.toThrow(/forced alignment/);
  }, 60_000);
});
