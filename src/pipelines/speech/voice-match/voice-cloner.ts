import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { findVoice, previewTextFor, type VoiceCatalog } from '../../../domain/catalog/voices.js';
import { TaskFailure } from '../../../core/errors.js';
import type { VoiceCloner } from '../../../domain/speech/voice-directory.js';
import type { BlobStore } from '../../../engines/blobs/port.js';
import type { UrlFetcher } from '../../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../../engines/speech/port.js';
import { synthesizeSpeech } from '../synthesize-speech.js';
import { baseVoiceCandidates } from './fit-profile.js';
import { cloneVoiceFromSample } from './clone-voice.js';
import { fetchVoiceSample } from './fetch-sample.js';

/** Share of a clone's progress spent matching; the rest renders the preview. */
const MATCH_SHARE = 0.85;

/**
 * The built-in cloner (the `VoiceCloner` port): voice matching onto the built-in engines, not
 * neural cloning. Languages are those with a built-in base voice to match onto.
 */
export function createVoiceCloner(deps: {
  engines: SpeechEngines;
  catalog: VoiceCatalog;
  fetcher: UrlFetcher;
  ffmpeg: FfmpegEngine;
  blobs: BlobStore;
  tempRoot: string;
}): VoiceCloner {
  const { engines, catalog, blobs, ffmpeg } = deps;
  const languages = [...new Set(catalog.voices.filter((v) => v.kind === 'builtin').map((v) => v.language))]
    .filter((language) => baseVoiceCandidates(catalog, language).length > 0)
    .sort();
  return {
    languages: () => languages,

    async takeSample(url, sampleKey, opts = {}) {
      await mkdir(deps.tempRoot, { recursive: true });
      const dir = await mkdtemp(join(deps.tempRoot, 'cw-sample-'));
      try {
        const { path, profile } = await fetchVoiceSample(url, dir, { fetcher: deps.fetcher, ffmpeg }, opts);
        await blobs.putFile(sampleKey, path);
        return { durationSeconds: profile.durationSeconds, speechSeconds: profile.speechSeconds };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async clone(sampleKey, { language, workDir, signal, onProgress }) {
      if (!(await blobs.stat(sampleKey))) throw new TaskFailure('The voice sample is no longer stored; create the voice again.');
      await mkdir(workDir, { recursive: true });
      const samplePath = join(workDir, 'sample');
      await pipeline(blobs.read(sampleKey), createWriteStream(samplePath));
      const { profile, spec } = await cloneVoiceFromSample(
        samplePath,
        { engines, catalog, ffmpeg },
        {
          workDir: join(workDir, 'match'),
          language,
          signal,
          onProgress: (f) => onProgress?.(f * MATCH_SHARE),
        },
      );
      const preview = await synthesizeSpeech(
        { text: previewTextFor(language), voice: spec },
        { engines, ffmpeg },
        {
          workDir: join(workDir, 'preview'),
          signal,
          onProgress: (f) => onProgress?.(MATCH_SHARE + f * (1 - MATCH_SHARE)),
        },
      );
      const base = findVoice(catalog, spec.base.voiceId);
      return {
        // Plain JSON objects, stored in the task's result as they are.
        spec: { ...spec },
        profile: { ...profile },
        gender: spec.gender,
        base: { voiceId: spec.base.voiceId, locale: base?.locale ?? language, accentName: base?.accentName ?? language },
        previewMp3Path: preview.mp3Path,
      };
    },
  };
}
