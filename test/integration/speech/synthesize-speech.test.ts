import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildVoiceCatalog, DEFAULT_VOICE_ID, findVoice, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { countClicks, decodeAny, useTempDir } from './helpers.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const tmp = useTempDir();
const engines = createSpeechEngines();

async function catalog() {
  const lists = await Promise.all(Object.values(engines).map((e) => e!.listVoices()));
  return buildVoiceCatalog(lists.flat());
}

const PARAGRAPH =
  'Our coffee subscription starts at $12.50 a month, and 9 out of 10 customers stay for more than a year. ' +
  'Dr. Alvarez, our head roaster, sources beans from 14 farms in 3 countries. ' +
  'Every bag is roasted on the 1st and shipped by the 3rd, so it arrives fresh. ' +
  'Visit www.example-coffee.com to save 20% on your first order! ';

describe('synthesizeSpeech with real engines', () => {
  it('(the click detector used below finds a hard cut into sound)', () => {
    const rate = 16000;
    const samples = new Float32Array(rate);
    for (let i = rate / 2; i < rate; i++) samples[i] = 0.3 * Math.cos((2 * Math.PI * 200 * i) / rate);
    expect(countClicks({ sampleRateHz: rate, samples })).toBeGreaterThan(0);
  });

  it('turns an 8000-character script into one MP3 without clicks or long gaps, timings in step', async () => {
    const voice = findVoice(await catalog(), voiceIdFor('espeak-ng', 'en-us+f3'))!;
    const text = PARAGRAPH.repeat(40).slice(0, 8000);
    const progress: number[] = [];
    const out = await synthesizeSpeech(
      { text, voice },
      { engines, ffmpeg },
      {
        workDir: join(tmp.path, 'long'),
        onProgress: (f) => progress.push(f),
      },
    );

    const probe = await probeMedia(out.mp3Path);
    expect(probe.audio?.codec).toBe('mp3');
    expect(Math.abs(probe.durationSeconds - out.durationSeconds)).toBeLessThan(0.15);
    expect(out.durationSeconds).toBeGreaterThan(300);
    expect(progress.at(-1)).toBe(1);

    const audio = await decodeAny(out.mp3Path);
    const islands = findSpeechIslands(audio);
    const longestGap = Math.max(...islands.slice(1).map((isl, i) => isl.start - islands[i]!.end));
    expect(longestGap).toBeLessThan(0.8);
    expect(countClicks(audio)).toBe(0);

    // Words come back normalised, in order, inside the audio, and each one on sound.
    expect(out.words.slice(0, 8).map((w) => w.word)).toEqual(['Our', 'coffee', 'subscription', 'starts', 'at', 'twelve', 'dollars', 'and']);
    for (let i = 1; i < out.words.length; i++) expect(out.words[i]!.startSeconds).toBeGreaterThanOrEqual(out.words[i - 1]!.startSeconds);
    expect(out.words.at(-1)!.endSeconds).toBeLessThanOrEqual(out.durationSeconds);
    const offSound = out.words.filter((w) => {
      const mid = (w.startSeconds + w.endSeconds) / 2;
      return !islands.some((isl) => mid >= isl.start - 0.05 && mid <= isl.end + 0.05);
    });
    expect(offSound.length / out.words.length).toBeLessThan(0.01);
    // The last sentence's words are where the last speech is: offsets survived ~15 chunks.
    expect(Math.abs(out.words.at(-1)!.endSeconds - islands.at(-1)!.end)).toBeLessThan(0.1);

    // The engine's phones come through too (lip sync follows them), offset per chunk like the words.
    expect(out.phones!.length).toBeGreaterThan(out.words.length * 2);
    for (let i = 1; i < out.phones!.length; i++) expect(out.phones![i]!.startSeconds).toBeGreaterThanOrEqual(out.phones![i - 1]!.startSeconds - 1e-6);
    expect(Math.abs(out.phones!.at(-1)!.endSeconds - out.words.at(-1)!.endSeconds)).toBeLessThan(0.3);
  }, 60_000);

  it('speaks with the default (RHVoice bdl) voice across chunks, word times offset per chunk', async () => {
    const voice = findVoice(await catalog(), DEFAULT_VOICE_ID)!;
    expect(voice.engine).toBe('rhvoice');
    const text = PARAGRAPH.repeat(2);
    const out = await synthesizeSpeech({ text, voice }, { engines, ffmpeg }, { workDir: join(tmp.path, 'fest') });
    const audio = await decodeAny(out.mp3Path);
    const islands = findSpeechIslands(audio);
    expect(out.durationSeconds).toBeGreaterThan(20);
    const repeatAt = out.words.findIndex((w, i) => i > 10 && w.word === 'Our');
    expect(repeatAt).toBeGreaterThan(0);
    // The second paragraph (another chunk) starts on sound, after the first one ended.
    expect(out.words[repeatAt]!.startSeconds).toBeGreaterThan(out.words[repeatAt - 1]!.endSeconds);
    const startsOnSound = islands.some((isl) => Math.abs(isl.start - out.words[repeatAt]!.startSeconds) < 0.08);
    expect(startsOnSound).toBe(true);
    expect(countClicks(audio)).toBe(0);
  }, 60_000);
});
