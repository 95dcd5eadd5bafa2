import { avatarVoiceIn } from '../catalog/avatar-voice.js';
import { BUILTIN_AVATARS, DEFAULT_AVATAR_ID, findBuiltinAvatar, type BuiltinAvatar } from '../catalog/avatars.js';
import type { VoiceCatalog } from '../catalog/voices.js';
import type { LinkFacts } from '../links/link-facts.js';
import type { AvatarDirectory, AvatarRef } from './avatar-directory.js';

/**
 * The built-in presenter for a product of this industry, the same for the same seed: one suited to
 * the industry (not a child, not a character dressed for another trade), else any presenter in
 * plain clothes. A chef presents food and nothing else.
 */
export function presenterFor(industry: string, seed: number): BuiltinAvatar {
  const mayPresent = (a: BuiltinAvatar) => !a.presentsOnly || a.presentsOnly.some((only) => only === industry);
  const suited = BUILTIN_AVATARS.filter((a) => a.style !== 'other' && mayPresent(a) && a.suitableIndustries.some((i) => i === industry));
  const pool = suited.length > 0 ? suited : BUILTIN_AVATARS.filter((a) => a.style === 'presenter' && !a.presentsOnly);
  return pool[Math.abs(Math.trunc(seed)) % pool.length]!;
}

/**
 * The built-in avatars as an `AvatarDirectory` (custom avatars plug in through `custom`, asked
 * for ids that are not built-in). Matching a product: presenters suited to its industry first,
 * the seed picking among them; with no facts, the default avatar.
 */
export function builtinAvatarDirectory(catalog: VoiceCatalog, custom?: AvatarDirectory): AvatarDirectory {
  const ref = (a: BuiltinAvatar): AvatarRef => ({ id: a.id, name: a.name, defaultVoiceId: avatarVoiceIn(catalog, a) });
  return {
    async resolve(accountId, avatarId) {
      const builtin = findBuiltinAvatar(avatarId);
      if (builtin) return ref(builtin);
      return custom ? custom.resolve(accountId, avatarId) : null;
    },
    whyUnusable: async (accountId, avatarId) => (await custom?.whyUnusable?.(accountId, avatarId)) ?? null,
    async match(facts: LinkFacts | null, seed: number) {
      if (!facts) return ref(findBuiltinAvatar(DEFAULT_AVATAR_ID)!);
      return ref(presenterFor(facts.aiIndustry, seed));
    },
  };
}
