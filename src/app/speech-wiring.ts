import type { Logger } from 'pino';
import { buildVoiceCatalog, defaultVoiceId, type VoiceCatalog } from '../domain/catalog/voices.js';
import type { ClonedVoiceLookup, SpeechSynthesizer, VoiceDirectory } from '../domain/speech/voice-directory.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import { createSpeechEngines, type SpeechEngines } from '../engines/speech/index.js';
import { catalogSpeech, listEngineVoices } from '../pipelines/speech/catalog-speech.js';
import type { Config } from './config.js';

export interface SpeechWiring {
  engines: SpeechEngines;
  catalog: VoiceCatalog;
  defaultVoiceId: string | undefined;
  voices: VoiceDirectory;
  synthesizer: SpeechSynthesizer;
  /** Renders a voice's preview sample to an MP3 (served lazily at its signed URL). */
  renderPreview(voiceId: string, workDir: string): Promise<string>;
}

/**
 * Engines and the voice catalog, listed once at start-up from what this machine has. Cloned
 * voices live in the database; `clonedVoices` finds an account's own.
 */
export async function createSpeech(config: Config, log: Logger, ffmpeg: FfmpegEngine, opts: { clonedVoices?: ClonedVoiceLookup } = {}): Promise<SpeechWiring> {
  const engines = createSpeechEngines({
    remote: config.remoteSpeech ?? undefined,
    ffmpeg,
    onAlignmentFallback: (err, info) => log.warn({ err, ...info }, 'forced alignment failed; word timings from pauses, no phones'),
  });
  const catalog = buildVoiceCatalog(
    await listEngineVoices(engines, (engine, err) => log.warn({ err, engine }, 'speech engine unavailable; its voices are left out')),
  );
  return { engines, catalog, defaultVoiceId: defaultVoiceId(catalog), ...catalogSpeech({ engines, ffmpeg, catalog, clonedVoices: opts.clonedVoices }) };
}
