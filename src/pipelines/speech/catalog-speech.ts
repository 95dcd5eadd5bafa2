import { TaskFailure } from '../../core/errors.js';
import { findVoice, previewTextFor, type VoiceCatalog } from '../../domain/catalog/voices.js';
import type { ClonedVoiceLookup, SpeechSynthesizer, VoiceDirectory } from '../../domain/speech/voice-directory.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { SpeechEngineError, type EngineVoice, type SpeechEngines } from '../../engines/speech/index.js';
import { speechFailure } from './speech-failure.js';
import { synthesizeSpeech, type SpeechVoice } from './synthesize-speech.js';
import { isClonedVoiceSpec } from './voice-match/cloned-voice-spec.js';

export interface CatalogSpeechDeps {
  engines: SpeechEngines;
  ffmpeg: FfmpegEngine;
  catalog: VoiceCatalog;
  /** An account's own cloned voices (they live in the database, not in the catalog). */
  clonedVoices?: ClonedVoiceLookup;
}

/**
 * Every engine's voices, asked once at start-up; an engine that does not answer is left out
 * (`onUnavailable` says so) rather than stopping the service.
 */
export async function listEngineVoices(engines: SpeechEngines, onUnavailable: (engineId: string, err: unknown) => void): Promise<EngineVoice[]> {
  const lists = await Promise.all(
    Object.values(engines).map(async (engine) => {
      try {
        return await engine!.listVoices();
      } catch (err) {
        onUnavailable(engine!.id, err);
        return [] as EngineVoice[];
      }
    }),
  );
  return lists.flat();
}

/** The catalog's voices and the account's cloned ones, one id space (the `VoiceDirectory` and `SpeechSynthesizer` ports). */
export function catalogSpeech(deps: CatalogSpeechDeps): {
  voices: VoiceDirectory;
  synthesizer: SpeechSynthesizer;
  renderPreview(voiceId: string, workDir: string): Promise<string>;
} {
  const { engines, ffmpeg, catalog } = deps;
  const speak = (voice: SpeechVoice, text: string, workDir: string, signal?: AbortSignal, onProgress?: (f: number) => void) =>
    synthesizeSpeech({ text, voice }, { engines, ffmpeg }, { workDir, signal, onProgress });
  const cloned = async (accountId: string, voiceId: string) => {
    const record = await deps.clonedVoices?.(accountId, voiceId);
    return record && isClonedVoiceSpec(record.spec) ? { record, spec: record.spec } : null;
  };
  return {
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
        if (!voice)
          throw new TaskFailure(
            `The voice ${voiceId} is no longer available (a cloned voice deleted after this task was created, or an engine removed from the service).`,
          );
        try {
          return await speak(voice, text, workDir, signal, onProgress);
        } catch (err) {
          if (err instanceof SpeechEngineError) throw speechFailure(err);
          throw err;
        }
      },
    },
    /** A voice's preview sample as an MP3 (served lazily at its signed URL). */
    async renderPreview(voiceId, workDir) {
      const voice = findVoice(catalog, voiceId);
      if (!voice) throw new Error(`unknown voice ${voiceId}`);
      return (await speak(voice, previewTextFor(voice.language), workDir)).mp3Path;
    },
  };
}
