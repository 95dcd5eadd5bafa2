import type { CustomAvatarRecord } from './custom-avatars.js';
import type { AvatarDirectory } from '../videos/avatar-directory.js';

/**
 * An account's active custom avatars for the video pipelines; they are never auto-matched to
 * products. One still being built or failed is reported as such (a precise 400, not "unknown").
 */
export function customAvatarDirectory(avatars: {
  record(accountId: string, avatarId: string): Promise<CustomAvatarRecord | null>;
  whyUnusable(accountId: string, avatarId: string): Promise<string | null>;
}): AvatarDirectory {
  return {
    async resolve(accountId, avatarId) {
      const r = await avatars.record(accountId, avatarId);
      return r ? { id: r.id, name: r.name, defaultVoiceId: r.defaultVoiceId } : null;
    },
    whyUnusable: (accountId, avatarId) => avatars.whyUnusable(accountId, avatarId),
    match: async () => null,
  };
}
