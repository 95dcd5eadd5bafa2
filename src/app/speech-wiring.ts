import type { Logger } from 'pino';
import { buildVoiceCatalog, defaultVoiceId, findVoice, previewTextFor, type VoiceCatalog } from '../domain/catalog/voices.js';
import type { SpeechSynthesizer, VoiceDirectory } from '../domain/speech/voice-directory.js';
import { createSpeechEngines, type EngineVoice, type SpeechEngines } from '../engines/speech/index.js';
import { synthesizeSpeech } from '../pipelines/speech/synthesize-speech.js';
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

/** Engines and the voice catalog, listed once at start-up from what this machine has. */
export async function createSpeech(config: Config, log: Logger): Promise<SpeechWiring> {
  const engines = createSpeechEngines({ remote: config.remoteSpeech ?? undefined });
  const lists = await Promise.all(
    Object.values(engines).map(async (engine) => {
      try {
        return await engine!.listVoices();
      } catch (err) {
        log.warn({ err, engine: engine!.id }, 'speech engine unavailable; its voices are left out');
        return [] as EngineVoice[];
      }
    }),
  );
  const catalog = buildVoiceCatalog(lists.flat());
  const speak = (voiceId: string, text: string, workDir: string, signal?: AbortSignal, onProgress?: (f: number) => void) => {
    const voice = findVoice(catalog, voiceId);
    if (!voice) throw new Error(`voice ${voiceId} vanished from the catalog`);
    return synthesizeSpeech({ text, voice }, { engines }, { workDir, signal, onProgress });
  };
  return {
    engines,
    catalog,
    defaultVoiceId: defaultVoiceId(catalog),
    voices: {
      async resolve(_accountId, voiceId) {
        const v = findVoice(catalog, voiceId);
        return v ? { id: v.id, name: v.name, language: v.language, kind: v.kind } : null;
      },
    },
    synthesizer: {
      synthesize: ({ text, voiceId, workDir, signal, onProgress }) => speak(voiceId, text, workDir, signal, onProgress),
    },
    async renderPreview(voiceId, workDir) {
      const voice = findVoice(catalog, voiceId);
      if (!voice) throw new Error(`unknown voice ${voiceId}`);
      return (await speak(voiceId, previewTextFor(voice.language), workDir)).mp3Path;
    },
  };
}
