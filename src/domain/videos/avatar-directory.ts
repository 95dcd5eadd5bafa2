import type { LinkFacts } from '../links/link-facts.js';

/** An avatar as the video pipelines see it: built-in or an account's own, one id space. */
export interface AvatarRef {
  id: string;
  name: string;
  /** The voice the avatar speaks with when the request names none. */
  defaultVoiceId: string | null;
}

/** Resolves persona ids for an account and matches an avatar to a product. */
export interface AvatarDirectory {
  resolve(accountId: string, avatarId: string): Promise<AvatarRef | null>;
  /** An avatar suited to the product (audience, industry), the same for the same seed; null when there are none. */
  match(facts: LinkFacts | null, seed: number): Promise<AvatarRef | null>;
}

/** No avatars at all: videos are drawn without a presenter. */
export const noAvatars: AvatarDirectory = {
  resolve: async () => null,
  match: async () => null,
};
