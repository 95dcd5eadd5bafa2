import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { FakeSpeechEngine } from '../../../src/engines/speech/fake-engine.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import type { ClonedVoiceSpec } from '../../../src/pipelines/speech/voice-match/cloned-voice-spec.js';

const VOICE: EngineVoice = { engine: 'flite', engineVoice: 'slt', locale: 'en-US', languageName: 'English (America)', gender: 'female', label: 'slt' };

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'speech-unit-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

function setup() {
  const engine = new FakeSpeechEngine('flite', [VOICE]);
  const ffmpeg = createFakeFfmpegEngine();
  const voice = buildVoiceCatalog([VOICE]).voices[0]!;
  return { engine, ffmpeg, voice, deps: { engines: { flite: engine }, ffmpeg } };
}

describe('synthesizeSpeech with fake engines', () => {
  it('speaks a long script a sentence at a time and keeps word timings in order across them', async () => {
    const { engine, ffmpeg, voice, deps } = setup();
    const sentence = 'Our team ships a new feature every week, and customers love it. ';
    const text = sentence.repeat(120).slice(0, 7990);
    const progress: number[] = [];
    const out = await synthesizeSpeech({ text, voice }, deps, { workDir, onProgress: (f) => progress.push(f) });

    // One engine call per sentence.
    expect(engine.requests).toHaveLength(120);
    expect(engine.requests.every((r) => r.engineVoice === 'slt' && !/[.!?]\s/.test(r.text))).toBe(true);
    const spokenWords = engine.requests.flatMap((r) => r.text.split(/\s+/)).length;
    expect(out.words).toHaveLength(spokenWords);
    for (let i = 1; i < out.words.length; i++) {
      expect(out.words[i]!.startSeconds).toBeGreaterThanOrEqual(out.words[i - 1]!.endSeconds - 1e-9);
    }
    expect(out.words[out.words.length - 1]!.endSeconds).toBeLessThanOrEqual(out.durationSeconds);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    // The fake measures every file at −20 LUFS: the first encode gains +4 dB to −16; as the result
    // still measures −20, each next pass adds what is missing, until the pass limit.
    expect(ffmpeg.runs).toHaveLength(4);
    expect(ffmpeg.runs[0]!.args).toContain('libmp3lame');
    expect(ffmpeg.runs[0]!.args.join(' ')).toMatch(/volume=4dB,alimiter=limit=0\.7943/);
    expect(ffmpeg.runs.map((r) => /volume=(\d+)dB/.exec(r.args.join(' '))![1])).toEqual(['4', '8', '12', '16']);
    expect(ffmpeg.runs[0]!.args[ffmpeg.runs[0]!.args.length - 1]).toBe(out.mp3Path);
  });

  it('gives an engine that speaks whole paragraphs (a remote provider) sentences grouped up to 600 characters', async () => {
    const engine = new FakeSpeechEngine('remote', [{ ...VOICE, engine: 'remote' }], { speaksWholeParagraphs: true });
    const voice = buildVoiceCatalog([{ ...VOICE, engine: 'remote' }]).voices[0]!;
    const sentence = 'Our team ships a new feature every week, and customers love it. ';
    const out = await synthesizeSpeech({ text: sentence.repeat(20), voice }, { engines: { remote: engine }, ffmpeg: createFakeFfmpegEngine() }, { workDir });
    // 20 sentences of 63 characters: nine to a chunk (9 × 64 − 1 = 575 ≤ 600), then nine, then two.
    expect(engine.requests.map((r) => r.text.length)).toEqual([575, 575, 127]);
    expect(out.words).toHaveLength(20 * 12);
  });

  it('normalises English before the engine sees it', async () => {
    const { engine, voice, deps } = setup();
    await synthesizeSpeech({ text: 'Dr. Lee saved $20 (25%).', voice }, deps, { workDir });
    expect(engine.requests[0]!.text).toBe('Doctor Lee saved twenty dollars (twenty-five percent).');
  });

  it('speaks a cloned voice with its base voice and fitted factors', async () => {
    const { engine, voice, deps } = setup();
    const spec: ClonedVoiceSpec = {
      kind: 'cloned',
      version: 1,
      language: 'en',
      gender: 'female',
      base: { voiceId: voice.id, engine: 'flite', engineVoice: 'slt' },
      rate: 1.2,
      pitch: 0.9,
      target: {
        durationSeconds: 10,
        speechSeconds: 9,
        medianPitchHz: 150,
        pitchLowHz: 130,
        pitchHighHz: 180,
        pitchRangeSemitones: 5.6,
        syllablesPerSecond: 5,
        spectralCentroidHz: 1300,
        formantScale: 1.2,
        voicedFraction: 0.6,
      },
    };
    await synthesizeSpeech({ text: 'Hello there.', voice: spec }, deps, { workDir });
    expect(engine.requests[0]).toMatchObject({ engineVoice: 'slt', rate: 1.2, pitch: 0.9 });
  });

  it('stops when aborted and says which engine is missing', async () => {
    const { voice, deps } = setup();
    const ctrl = new AbortController();
    ctrl.abort(new Error('cancelled by test'));
    await expect(synthesizeSpeech({ text: 'Hello.', voice }, deps, { workDir, signal: ctrl.signal })).rejects.toThrow('cancelled by test');
    await expect(synthesizeSpeech({ text: 'Hello.', voice: { ...voice, engine: 'festival' } }, deps, { workDir })).rejects.toThrow(/festival is not available/);
    await expect(synthesizeSpeech({ text: ' ... ', voice }, deps, { workDir })).rejects.toThrow(/nothing to say/);
  });
});
