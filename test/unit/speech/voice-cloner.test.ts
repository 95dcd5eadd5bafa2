import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FetchRefused, TaskFailure } from '../../../src/core/errors.js';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/index.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import type { EngineVoice } from '../../../src/engines/speech/port.js';
import { createVoiceCloner } from '../../../src/pipelines/speech/voice-match/voice-cloner.js';
import { VoiceSampleRejected } from '../../../src/pipelines/speech/voice-match/analyze-sample.js';

const v = (engine: EngineVoice['engine'], engineVoice: string, locale: string, gender: EngineVoice['gender']): EngineVoice => ({
  engine,
  engineVoice,
  locale,
  languageName: locale,
  gender,
  label: engineVoice,
});

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cw-cloner-'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const cloner = (fetcher = new FakeUrlFetcher(), blobs = new MemoryBlobStore(), ffmpeg = createFakeFfmpegEngine()) =>
  createVoiceCloner({
    engines: {},
    catalog: buildVoiceCatalog([v('espeak-ng', 'fr+m1', 'fr-FR', 'male'), v('espeak-ng', 'de', 'de-DE', null), v('remote', 'alloy', 'it-IT', 'female')]),
    fetcher,
    ffmpeg,
    blobs,
    tempRoot: join(root, 'tmp'),
  });

describe('built-in voice cloner (voice matching)', () => {
  it('clones only in languages with a built-in base voice to match onto', () => {
    expect(cloner().languages()).toEqual(['fr']);
  });

  it('a sample that cannot be fetched or decoded is refused with the reason, keeping nothing and leaving no scratch files', async () => {
    const blobs = new MemoryBlobStore();
    const fetcher = new FakeUrlFetcher({
      'https://cdn.test/page': { body: '<html></html>', contentType: 'text/html' },
      'https://cdn.test/junk.mp3': { body: 'junk', contentType: 'audio/mpeg' },
    });
    const undecodable = createFakeFfmpegEngine({
      onCapture: () => {
        throw new Error('ffmpeg exited with code 1');
      },
    });
    const c = cloner(fetcher, blobs, undecodable);
    await expect(c.takeSample('https://cdn.test/page', 'acc/voice/sample')).rejects.toBeInstanceOf(FetchRefused);
    await expect(c.takeSample('https://cdn.test/junk.mp3', 'acc/voice/sample')).rejects.toBeInstanceOf(VoiceSampleRejected);
    expect(blobs.blobs.size).toBe(0);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('a sample no longer stored fails the clone task in words for the client', async () => {
    const failure = await cloner()
      .clone('acc/voice/sample', { language: 'fr', workDir: join(root, 'work') })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TaskFailure);
    expect((failure as TaskFailure).message).toBe('The voice sample is no longer stored; create the voice again.');
  });
});
