import { describe, expect, it } from 'vitest';
import { TaskFailure } from '../../../src/core/errors.js';
import { voiceIdFor } from '../../../src/domain/catalog/voice-ids.js';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import type { ClonedVoiceRecord } from '../../../src/domain/speech/voice-directory.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { FakeSpeechEngine } from '../../../src/engines/speech/fake-engine.js';
import { SpeechEngineError, type EngineVoice } from '../../../src/engines/speech/port.js';
import { catalogSpeech, listEngineVoices } from '../../../src/pipelines/speech/catalog-speech.js';
import { speechFailure } from '../../../src/pipelines/speech/speech-failure.js';

const rms: EngineVoice = { engine: 'flite', engineVoice: 'rms', locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'rms' };
const catalog = buildVoiceCatalog([rms]);
const RMS = voiceIdFor('flite', 'rms');

const clone = (spec: Record<string, unknown>): ClonedVoiceRecord => ({
  id: 'cv1',
  name: 'My voice',
  language: 'en',
  locale: 'en-US',
  accentName: 'English',
  gender: 'male',
  spec,
  previewKey: null,
});
const goodSpec = { kind: 'cloned', version: 1, rate: 1, pitch: 1, base: { engine: 'flite', engineVoice: 'rms' } };

describe('speech failures as task failures', () => {
  it('a permanent engine failure fails at once and says what to change; a transient one is retried', () => {
    const permanent = speechFailure(new SpeechEngineError('nothing to say', '', true));
    expect(permanent).toBeInstanceOf(TaskFailure);
    expect(permanent.transient).toBe(false);
    expect(permanent.message).toBe('The speech engine could not speak this text (nothing to say). Change the text or choose another voice.');
    const transient = speechFailure(new SpeechEngineError('provider answered 503'));
    expect(transient.transient).toBe(true);
    expect(transient.message).toBe('The speech engine could not speak this text (provider answered 503). Try again later or choose another voice.');
    expect(speechFailure(new SpeechEngineError('x'.repeat(500))).message).toContain(`(${'x'.repeat(200)}).`);
  });
});

describe('engine voices at start-up', () => {
  it('an engine that does not answer is left out and reported', async () => {
    const down = new FakeSpeechEngine('espeak-ng', []);
    down.listVoices = async () => {
      throw new Error('espeak-ng not installed');
    };
    const reported: string[] = [];
    const voices = await listEngineVoices({ flite: new FakeSpeechEngine('flite', [rms]), 'espeak-ng': down }, (engine) => reported.push(engine));
    expect(voices).toEqual([rms]);
    expect(reported).toEqual(['espeak-ng']);
  });
});

describe('catalog speech (voice directory and synthesizer)', () => {
  it('resolves catalog voices for anyone and cloned voices for their account only, if their spec can be spoken', async () => {
    const { voices } = catalogSpeech({
      engines: {},
      ffmpeg: createFakeFfmpegEngine(),
      catalog,
      clonedVoices: async (accountId, id) =>
        accountId === 'acc' ? (id === 'cv1' ? clone(goodSpec) : id === 'cv-bad' ? clone({ kind: 'other' }) : null) : null,
    });
    expect(await voices.resolve('anyone', RMS)).toEqual({ id: RMS, name: expect.any(String), language: 'en', kind: 'builtin' });
    expect(await voices.resolve('acc', 'cv1')).toEqual({ id: 'cv1', name: 'My voice', language: 'en', kind: 'cloned' });
    expect(await voices.resolve('other', 'cv1')).toBeNull();
    expect(await voices.resolve('acc', 'cv-bad')).toBeNull();
  });

  it('a voice gone since the task was created fails the task; an engine failure becomes the task failure', async () => {
    const failing = new FakeSpeechEngine('flite', [rms], { failWith: new SpeechEngineError('cannot say that', '', true) });
    const { synthesizer } = catalogSpeech({ engines: { flite: failing }, ffmpeg: createFakeFfmpegEngine(), catalog });
    const gone = await synthesizer.synthesize({ accountId: 'acc', text: 'Hello.', voiceId: 'cv-deleted', workDir: '/tmp/cw-none' }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(TaskFailure);
    expect((gone as TaskFailure).message).toMatch(/^The voice cv-deleted is no longer available/);
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const failed = await synthesizer
      .synthesize({ accountId: 'acc', text: 'Hello there.', voiceId: RMS, workDir: await mkdtemp(`${tmpdir()}/cw-speech-`) })
      .catch((e: unknown) => e);
    expect(failed).toEqual(speechFailure(new SpeechEngineError('cannot say that', '', true)));
    expect((failed as TaskFailure).transient).toBe(false);
    expect(failing.requests.length).toBeGreaterThan(0);
  });
});

describe('voice preview samples (made on first request)', () => {
  it('renders the voice its key names; other keys are not found', async () => {
    const { voicePreviewMp3s } = await import('../../../src/pipelines/speech/voice-preview-mp3s.js');
    const asked: string[] = [];
    const produce = voicePreviewMp3s(async (voiceId, workDir) => {
      asked.push(voiceId);
      return `${workDir}/preview.mp3`;
    });
    expect(await produce(`voice-previews/${RMS}.mp3`, '/work')).toBe('/work/preview.mp3');
    expect(await produce(`music/${RMS}.mp3`, '/work')).toBeNull();
    expect(asked).toEqual([RMS]);
  });
});
