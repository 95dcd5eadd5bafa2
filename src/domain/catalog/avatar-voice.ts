import { defaultVoiceForAvatar, type AvatarGender, type BuiltinAvatar } from './avatars.js';
import { defaultVoiceId, type VoiceCatalog } from './voices.js';

/**
 * The avatar's voice among the voices this machine has: its first preferred voice the catalog
 * has, else an English built-in voice of its gender, else the catalog's default; null when the
 * catalog is empty. The one place built-in avatars, custom avatars (by gender) and previews ask.
 */
export function avatarVoiceIn(catalog: VoiceCatalog, avatar: Pick<BuiltinAvatar, 'preferredVoiceIds' | 'gender'>): string | null {
  return (
    defaultVoiceForAvatar(avatar, {
      has: (id) => catalog.byId.has(id),
      sameGender: (g) => catalog.voices.find((v) => v.gender === g && v.language === 'en' && v.kind === 'builtin')?.id,
      fallback: defaultVoiceId(catalog),
    }) ?? null
  );
}

/** A custom avatar's voice when a request names none: a built-in voice of the avatar's gender. */
export function voiceForGender(catalog: VoiceCatalog): (gender: AvatarGender | null) => string | null {
  return (gender) => avatarVoiceIn(catalog, { preferredVoiceIds: [], gender: gender ?? 'nb' });
}
