import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../../engines/speech/port.js';
import { previewTextFor, type Voice } from '../../../domain/catalog/voices.js';
import type { SpeechVoice } from '../synthesize-speech.js';
import { synthesizeToWav } from '../synthesize-speech.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';
import { analyzeVoiceSample } from './analyze-sample.js';
import type { BaseVoiceMeasure } from './fit-profile.js';

/**
 * Read aloud to measure voices. Varied sentences with ordinary syllable structure, long enough
 * (≈12 s) for stable medians; it does not need to match what a clone will later say.
 */
const CALIBRATION_TEXT_EN =
  'Every morning I walk to the small bakery on the corner and buy a loaf of fresh bread. ' +
  'The owner always asks about my day, and I tell her about my plans. ' +
  'It is a simple habit, but it makes the whole day better. ' +
  'Last week the shop was closed, so I tried the new cafe across the street. ' +
  'The coffee was good, although the music was a little too loud for me. ' +
  'Would you like to come along tomorrow?';

export function calibrationTextFor(language: string): string {
  return language === 'en' ? CALIBRATION_TEXT_EN : `${previewTextFor(language)} ${previewTextFor(language)}`;
}

/** Synthesises the calibration text in a voice and measures it like a user's sample. */
export async function measureVoice(
  voice: SpeechVoice,
  language: string,
  deps: { engines: SpeechEngines; ffmpeg: Pick<FfmpegEngine, 'capture'> },
  opts: { workDir: string; signal?: AbortSignal },
): Promise<VoiceSampleProfile> {
  await mkdir(opts.workDir, { recursive: true });
  const wavPath = join(opts.workDir, `measure-${Math.random().toString(36).slice(2)}.wav`);
  try {
    await synthesizeToWav({ text: calibrationTextFor(language), voice }, deps, { ...opts, outWavPath: wavPath });
    return await analyzeVoiceSample(wavPath, deps, { signal: opts.signal, workDir: opts.workDir });
  } finally {
    await rm(wavPath, { force: true });
  }
}

const cache = new Map<string, Promise<BaseVoiceMeasure>>();

/**
 * Measures base voices once per process (the engines are deterministic, so the figures never
 * change while the installed voices stay the same).
 */
export async function measureBaseVoices(
  voices: readonly Voice[],
  deps: { engines: SpeechEngines; ffmpeg: Pick<FfmpegEngine, 'capture'> },
  opts: { workDir: string; signal?: AbortSignal },
): Promise<Map<string, BaseVoiceMeasure>> {
  const out = new Map<string, BaseVoiceMeasure>();
  for (const voice of voices) {
    let pending = cache.get(voice.id);
    if (!pending) {
      pending = measureVoice(voice, voice.language, deps, { ...opts, workDir: join(opts.workDir, voice.id) }).then((p) => ({
        voiceId: voice.id,
        medianPitchHz: p.medianPitchHz,
        syllablesPerSecond: p.syllablesPerSecond,
        formantScale: p.formantScale,
      }));
      // A failed measurement (engine missing) must not poison the cache for later calls.
      pending.catch(() => cache.delete(voice.id));
      cache.set(voice.id, pending);
    }
    try {
      out.set(voice.id, await pending);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      // That base voice is unusable here; the others still are.
    }
  }
  return out;
}
