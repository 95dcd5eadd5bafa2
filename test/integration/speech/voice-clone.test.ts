import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildVoiceCatalog, type VoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { analyzeVoiceSample, VoiceSampleRejected } from '../../../src/pipelines/speech/voice-match/analyze-sample.js';
import { cloneVoiceFromSample } from '../../../src/pipelines/speech/voice-match/clone-voice.js';
import { isClonedVoiceSpec } from '../../../src/pipelines/speech/voice-match/cloned-voice-spec.js';
import { run, useTempDir } from './helpers.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const tmp = useTempDir();
const engines = createSpeechEngines();
let catalog: VoiceCatalog;
beforeAll(async () => {
  catalog = buildVoiceCatalog((await Promise.all(Object.values(engines).map((e) => e!.listVoices()))).flat());
});

const SAMPLE_TEXT =
  'My grandmother grew up on a farm near the river. She told us stories about the long winters, ' +
  'the horses, and the old wooden school. We listened for hours, and we never got tired of them.';
const NEW_TEXT =
  'When I was young, my father took us camping by the lake every summer. We cooked dinner over ' +
  'the fire and watched the stars until we fell asleep. Those quiet nights are still my favorite memories.';

/** A speaker the service has never heard: an espeak-ng voice moved in pitch and rate, then pitched again by sox. */
async function makeSample(name: string, espeakArgs: string[], soxEffects: string[]): Promise<string> {
  const raw = join(tmp.path, `${name}-raw.wav`);
  const out = join(tmp.path, `${name}.wav`);
  await run('espeak-ng', [...espeakArgs, '-w', raw, SAMPLE_TEXT]);
  await run('sox', [raw, out, ...soxEffects]);
  return out;
}

describe('voice matching', () => {
  it.each([
    ['a deep, fast male speaker', ['-v', 'en-us+m3', '-p', '35', '-s', '200'], ['pitch', '-150']],
    ['a high, slow female speaker', ['-v', 'en-gb+f2', '-p', '60', '-s', '140'], ['pitch', '100']],
  ])(
    'fits %s: median pitch within 10 %%, speaking rate within 15 %%',
    async (name, espeakArgs, sox) => {
      const samplePath = await makeSample(name.replace(/\W+/g, '-'), espeakArgs, sox);
      const { profile, spec } = await cloneVoiceFromSample(samplePath, { engines, catalog, ffmpeg }, { workDir: join(tmp.path, `w-${name.length}`) });
      expect(isClonedVoiceSpec(JSON.parse(JSON.stringify(spec)))).toBe(true);
      expect(spec.gender).toBe(profile.medianPitchHz < 160 ? 'male' : 'female');

      const speak = (text: string, dir: string) => synthesizeSpeech({ text, voice: spec }, { engines, ffmpeg }, { workDir: join(tmp.path, dir) });
      const newSpeech = await speak(NEW_TEXT, `new-${name.length}`);
      const sameWords = await speak(SAMPLE_TEXT, `same-${name.length}`);
      const onNewText = await analyzeVoiceSample(newSpeech.mp3Path, { ffmpeg });
      const onSameText = await analyzeVoiceSample(sameWords.mp3Path, { ffmpeg });
      expect(Math.abs(onNewText.medianPitchHz / profile.medianPitchHz - 1)).toBeLessThan(0.1);
      // Rate compared on the same words, which is what "speaks as fast as the speaker" means …
      expect(Math.abs(onSameText.syllablesPerSecond / profile.syllablesPerSecond - 1)).toBeLessThan(0.15);
      // … while other words shift every voice's syllable rate a little (each engine's duration
      // model reacts differently to a text), so new text gets a wider bound.
      expect(Math.abs(onNewText.syllablesPerSecond / profile.syllablesPerSecond - 1)).toBeLessThan(0.2);
      expect(newSpeech.words.length).toBe(NEW_TEXT.split(/\s+/).length);
    },
    60_000,
  );

  it('measures pitch and rate consistently with how the sample was made', async () => {
    const low = await analyzeVoiceSample(await makeSample('low', ['-v', 'en-us', '-p', '30', '-s', '175'], ['pitch', '0']), { ffmpeg });
    const high = await analyzeVoiceSample(await makeSample('high', ['-v', 'en-us', '-p', '30', '-s', '175'], ['pitch', '300']), { ffmpeg });
    // +300 cents is a factor of 1.19 in pitch; sox pitch keeps the tempo.
    expect(high.medianPitchHz / low.medianPitchHz).toBeGreaterThan(1.14);
    expect(high.medianPitchHz / low.medianPitchHz).toBeLessThan(1.24);
    expect(Math.abs(high.syllablesPerSecond / low.syllablesPerSecond - 1)).toBeLessThan(0.1);
    const fast = await analyzeVoiceSample(await makeSample('fast', ['-v', 'en-us', '-p', '30', '-s', '175'], ['tempo', '-s', '1.3']), { ffmpeg });
    expect(fast.syllablesPerSecond / low.syllablesPerSecond).toBeGreaterThan(1.15);
    expect(fast.syllablesPerSecond / low.syllablesPerSecond).toBeLessThan(1.45);
    expect(low.speechSeconds).toBeGreaterThan(8);
  }, 30_000);

  it('rejects samples it cannot use, saying why', async () => {
    const short = join(tmp.path, 'short.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', short, 'Hello there, how are you?']);
    await expect(analyzeVoiceSample(short, { ffmpeg })).rejects.toThrow(/only \d+\.\d s of speech; at least 5 s/);

    const junk = join(tmp.path, 'junk.mp3');
    await writeFile(junk, 'this is not audio at all');
    const err = await analyzeVoiceSample(junk, { ffmpeg }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoiceSampleRejected);
    expect((err as VoiceSampleRejected).reason).toMatch(/not audio that can be decoded/);

    const long = join(tmp.path, 'long.wav');
    await run('sox', ['-n', '-r', '8000', '-b', '16', long, 'synth', '610', 'sine', '150', 'vol', '0.3']);
    await expect(analyzeVoiceSample(long, { ffmpeg })).rejects.toThrow(/longer than 10 minutes/);

    const silence = join(tmp.path, 'silence.wav');
    await run('sox', ['-n', '-r', '16000', '-b', '16', silence, 'trim', '0', '20']);
    await expect(analyzeVoiceSample(silence, { ffmpeg })).rejects.toThrow(/of speech/);
  }, 30_000);
});
