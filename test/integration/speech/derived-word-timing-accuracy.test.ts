import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { deriveWordTimings } from '../../../src/engines/speech/derive-word-timings.js';
import { readWav, type PcmAudio } from '../../../src/engines/speech/wav.js';
import { tokenizeWords } from '../../../src/engines/speech/word-tokens.js';
import { run, useTempDir } from './helpers.js';

const tmp = useTempDir();
const WORDS = ['little', 'computers', 'help', 'us', 'write', 'a', 'better', 'story', 'together', 'every', 'single', 'day'];
// Known silences between the words; several are shorter than a stop closure is long.
const GAPS_SECONDS = [0.09, 0.2, 0.12, 0.3, 0.1, 0.15, 0.25, 0.09, 0.18, 0.11, 0.14];

async function wordAudio(word: string, i: number, tool: 'espeak-ng' | 'flite'): Promise<PcmAudio> {
  const path = join(tmp.path, `${tool}-${i}.wav`);
  if (tool === 'espeak-ng') await run('espeak-ng', ['-v', 'en-us', '-w', path, word]);
  else await run('flite', ['-voice', 'rms', '-t', word, '-o', path]);
  const audio = await readWav(path);
  // Cut the word to its sound; that sound's first and last samples are the true boundaries.
  const islands = findSpeechIslands(audio, { minGapSeconds: 0.2 });
  const from = Math.round(islands[0]!.start * audio.sampleRateHz);
  const to = Math.round(islands[islands.length - 1]!.end * audio.sampleRateHz);
  return { sampleRateHz: audio.sampleRateHz, samples: audio.samples.slice(from, to) };
}

describe.each(['espeak-ng', 'flite'] as const)('derived word timings on %s words joined with known silences', (tool) => {
  it('are within ±80 ms of the true word boundaries', async () => {
    const pieces = await Promise.all(WORDS.map((w, i) => wordAudio(w, i, tool)));
    const rate = pieces[0]!.sampleRateHz;
    const lead = 0.3;
    const total = Math.round(rate * (lead + 0.3 + GAPS_SECONDS.reduce((a, b) => a + b, 0))) + pieces.reduce((n, p) => n + p.samples.length, 0);
    const samples = new Float32Array(total);
    const truth: Array<{ start: number; end: number }> = [];
    let pos = Math.round(lead * rate);
    pieces.forEach((p, i) => {
      samples.set(p.samples, pos);
      truth.push({ start: pos / rate, end: (pos + p.samples.length) / rate });
      pos += p.samples.length + Math.round((GAPS_SECONDS[i] ?? 0) * rate);
    });

    const derived = deriveWordTimings({ sampleRateHz: rate, samples }, tokenizeWords(WORDS.join(' ')));
    expect(derived.map((w) => w.word)).toEqual(WORDS);
    derived.forEach((w, i) => {
      expect(Math.abs(w.startSeconds - truth[i]!.start), `${w.word} start`).toBeLessThanOrEqual(0.08);
      expect(Math.abs(w.endSeconds - truth[i]!.end), `${w.word} end`).toBeLessThanOrEqual(0.08);
    });
  });
});

describe('derived word timings on connected speech', () => {
  it('stay close to the engine’s own timings where words run together', async () => {
    const text = 'Yesterday, my neighbour found a tiny kitten under her car. She took it inside, gave it some milk, and called it Pepper.';
    const path = join(tmp.path, 'connected.wav');
    const { EspeakNgEngine } = await import('../../../src/engines/speech/espeak-ng.js');
    const exact = await new EspeakNgEngine().synthesize({ text, engineVoice: 'en-us', outWavPath: path });
    const derived = deriveWordTimings(await readWav(path), tokenizeWords(text));
    const errors = derived.map((w, i) => Math.abs(w.startSeconds - exact.words[i]!.startSeconds)).sort((a, b) => a - b);
    // No pauses to anchor most boundaries, so this is rougher than the ±80 ms above: the median
    // must still be within a syllable and no word may be off by more than a long word.
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.15);
    expect(errors[errors.length - 1]!).toBeLessThan(0.5);
  });
});
