import { join } from 'node:path';
import { avatarVoiceIn } from '../../domain/catalog/avatar-voice.js';
import { findBuiltinAvatar } from '../../domain/catalog/avatars.js';
import { parseBuiltinPreviewKey } from '../../domain/catalog/avatars-personas.js';
import { findVoice, type VoiceCatalog } from '../../domain/catalog/voices.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { SpeechEngines } from '../../engines/speech/port.js';
import { renderPreviewImage, renderPreviewVideo } from './previews.js';

/**
 * A built-in avatar's preview image or video for its blob key, rendered on first request (served
 * lazily); null for a key that names no built-in avatar. Renders wait for a `slot`: a client
 * opening the whole gallery asks for dozens at once.
 */
export function builtinAvatarPreviews(deps: {
  catalog: VoiceCatalog;
  engines: SpeechEngines;
  ffmpeg: FfmpegEngine;
  slot: <T>(render: () => Promise<T>) => Promise<T>;
}): (key: string, workDir: string) => Promise<string | null> {
  return async (key, workDir) => {
    const parsed = parseBuiltinPreviewKey(key);
    const avatar = parsed && findBuiltinAvatar(parsed.avatarId);
    if (!parsed || !avatar) return null;
    if (parsed.media === 'image') return deps.slot(() => renderPreviewImage(avatar, parsed.aspect, join(workDir, 'preview.png')));
    const voiceId = avatarVoiceIn(deps.catalog, avatar);
    const voice = voiceId ? findVoice(deps.catalog, voiceId) : undefined;
    if (!voice) throw new Error(`no voice is available to speak ${avatar.name}'s preview`);
    return deps.slot(() => renderPreviewVideo(avatar, voice, parsed.aspect, { engines: deps.engines, ffmpeg: deps.ffmpeg }, workDir));
  };
}
