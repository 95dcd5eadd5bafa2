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
  /** A usable avatar (built-in, or the account's own active one), or null. */
  resolve(accountId: string, avatarId: string): Promise<AvatarRef | null>;
  /**
   * Asked only after `resolve` found nothing: why the id names the account's own avatar that
   * cannot be used (still being built, or failed), in words for the client; null when the id is
   * simply unknown (or another account's).
   */
  whyUnusable?(accountId: string, avatarId: string): Promise<string | null>;
  /** An avatar suited to the product (audience, industry), the same for the same seed; null when there are none. */
  match(facts: LinkFacts | null, seed: number): Promise<AvatarRef | null>;
}

/** No avatars at all: videos are drawn without a presenter. */
export const noAvatars: AvatarDirectory = {
  resolve: async () => null,
  match: async () => null,
};

/** The 400 message for an avatar id that `resolve` did not find. */
export async function unresolvedAvatarMessage(directory: AvatarDirectory, accountId: string, avatarId: string): Promise<string> {
  return (await directory.whyUnusable?.(accountId, avatarId)) ?? `Unknown avatar id "${avatarId}". List avatars with GET /api/personas/.`;
}
