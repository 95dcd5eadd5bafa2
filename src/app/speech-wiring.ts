import type { Logger } from 'pino';
import { buildVoiceCatalog, defaultVoiceId, findVoice, previewTextFor, type VoiceCatalog } from '../domain/catalog/voices.js';
import { TaskFailure } from '../core/errors.js';
import type { ClonedVoiceLookup, SpeechSynthesizer, VoiceDirectory } from '../domain/speech/voice-directory.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import { createSpeechEngines, SpeechEngineError, type EngineVoice, type SpeechEngines } from '../engines/speech/index.js';
import { synthesizeSpeech, type SpeechVoice } from '../pipelines/speech/synthesize-speech.js';
import { isClonedVoiceSpec } from '../pipelines/speech/voice-match/cloned-voice-spec.js';
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
  const engines = createSpeechEngines({ remote: config.remoteSpeech ?? undefined, ffmpeg });
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
  const speak = (voice: SpeechVoice, text: string, workDir: string, signal?: AbortSignal, onProgress?: (f: number) => void) =>
    synthesizeSpeech({ text, voice }, { engines, ffmpeg }, { workDir, signal, onProgress });
  const cloned = async (accountId: string, voiceId: string) => {
    const record = await opts.clonedVoices?.(accountId, voiceId);
    return record && isClonedVoiceSpec(record.spec) ? { record, spec: record.spec } : null;
  };
  return {
    engines,
    catalog,
    defaultVoiceId: defaultVoiceId(catalog),
    voices: {
      async resolve(accountId, voiceId) {
        const v = findVoice(catalog, voiceId);
        if (v) return { id: v.id, name: v.name, language: v.language, kind: v.kind };
        const c = await cloned(accountId, voiceId);
        return c ? { id: c.record.id, name: c.record.name, language: c.record.language, kind: 'cloned' } : null;
      },
    },
    synthesizer: {
      async synthesize({ accountId, text, voiceId, workDir, signal, onProgress }) {
        const voice = findVoice(catalog, voiceId) ?? (await cloned(accountId, voiceId))?.spec;
        if (!voice) throw new TaskFailure(`The voice ${voiceId} is no longer available (a cloned voice deleted after this task was created, or an engine removed from the service).`);
        try {
          return await speak(voice, text, workDir, signal, onProgress);
        } catch (err) {
          if (err instanceof SpeechEngineError) throw speechFailure(err);
          throw err;
        }
      },
    },
    async renderPreview(voiceId, workDir) {
      const voice = findVoice(catalog, voiceId);
      if (!voice) throw new Error(`unknown voice ${voiceId}`);
      return (await speak(voice, previewTextFor(voice.language), workDir)).mp3Path;
    },
  };
}

/**
 * A transient engine failure is retried (a provider may be down for a moment) and, if it
 * persists, tells the client to try again later; a permanent one fails at once and says what to
 * change instead.
 */
export function speechFailure(err: SpeechEngineError): TaskFailure {
  const what = `The speech engine could not speak this text (${err.message.slice(0, 200)}).`;
  return err.permanent ? new TaskFailure(`${what} Change the text or choose another voice.`, false) : new TaskFailure(`${what} Try again later or choose another voice.`, true);
}
