import { join } from 'node:path';
import { defaultVoiceForAvatar, findBuiltinAvatar, type BuiltinAvatar } from '../domain/catalog/avatars.js';
import { parseBuiltinPreviewKey, PersonaDirectory } from '../domain/catalog/avatars-personas.js';
import { defaultVoiceId, findVoice, type VoiceCatalog } from '../domain/catalog/voices.js';
import type { FfmpegEngine } from '../engines/ffmpeg/types.js';
import { renderPreviewImage, renderPreviewVideo } from '../pipelines/avatar/previews.js';
import type { SpeechWiring } from './speech-wiring.js';

export interface PersonaWiring {
  directory: PersonaDirectory;
  /** Renders a built-in avatar's preview image or video for its blob key (served lazily). */
  renderPreview(key: string, workDir: string): Promise<string | null>;
  /** The turns preview renders take (custom avatars' previews share them with the built-ins'). */
  previewSlot: <T>(render: () => Promise<T>) => Promise<T>;
}

/** The avatar's voice among the voices this machine has. */
export function builtinAvatarVoice(catalog: VoiceCatalog, avatar: BuiltinAvatar): string | null {
  return (
    defaultVoiceForAvatar(avatar, {
      has: (id) => catalog.byId.has(id),
      sameGender: (g) => catalog.voices.find((v) => v.gender === g && v.language === 'en' && v.kind === 'builtin')?.id,
      fallback: defaultVoiceId(catalog),
    }) ?? null
  );
}

/** Runs at most `limit` tasks at once; the rest wait their turn. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Built-in avatars for the Avatars endpoints, with previews made on first request. */
export function createPersonas(speech: Pick<SpeechWiring, 'catalog' | 'engines'>, ffmpeg: FfmpegEngine): PersonaWiring {
  const voiceFor = (a: BuiltinAvatar) => builtinAvatarVoice(speech.catalog, a);
  // A client opening the whole gallery asks for dozens of previews at once; two renders at a
  // time keep the API responsive on a 2-core machine.
  const oneAtATime = limiter(2);
  return {
    previewSlot: oneAtATime,
    directory: new PersonaDirectory(voiceFor),
    async renderPreview(key, workDir) {
      const parsed = parseBuiltinPreviewKey(key);
      const avatar = parsed && findBuiltinAvatar(parsed.avatarId);
      if (!parsed || !avatar) return null;
      if (parsed.media === 'image') return oneAtATime(() => renderPreviewImage(avatar, parsed.aspect, join(workDir, 'preview.png')));
      const voiceId = voiceFor(avatar);
      const voice = voiceId ? findVoice(speech.catalog, voiceId) : undefined;
      if (!voice) throw new Error(`no voice is available to speak ${avatar.name}'s preview`);
      return oneAtATime(() => renderPreviewVideo(avatar, voice, parsed.aspect, { engines: speech.engines, ffmpeg }, workDir));
    },
  };
}
