import type { LinkFacts } from '../links/link-facts.js';
import type { AvatarDirectory, AvatarRef } from './avatar-directory.js';

/**
 * In-memory `AvatarDirectory` for unit tests: built-in avatars every account sees, avatars owned
 * by one account, and ids that name an account's avatar that cannot be used yet (with the reason).
 * `match` picks by seed among the built-in ones, so the same seed gives the same avatar.
 */
export class FakeAvatarDirectory implements AvatarDirectory {
  readonly matched: { facts: LinkFacts | null; seed: number }[] = [];
  private readonly owned = new Map<string, { accountId: string; avatar: AvatarRef }>();
  private readonly unusable = new Map<string, { accountId: string; reason: string }>();

  constructor(private readonly builtin: AvatarRef[] = []) {}

  own(accountId: string, avatar: AvatarRef): this {
    this.owned.set(avatar.id, { accountId, avatar });
    return this;
  }

  markUnusable(accountId: string, avatarId: string, reason: string): this {
    this.unusable.set(avatarId, { accountId, reason });
    return this;
  }

  async resolve(accountId: string, avatarId: string): Promise<AvatarRef | null> {
    const builtin = this.builtin.find((a) => a.id === avatarId);
    if (builtin) return builtin;
    const owned = this.owned.get(avatarId);
    return owned && owned.accountId === accountId ? owned.avatar : null;
  }

  async whyUnusable(accountId: string, avatarId: string): Promise<string | null> {
    const entry = this.unusable.get(avatarId);
    return entry && entry.accountId === accountId ? entry.reason : null;
  }

  async match(facts: LinkFacts | null, seed: number): Promise<AvatarRef | null> {
    this.matched.push({ facts, seed });
    return this.builtin.length ? this.builtin[seed % this.builtin.length]! : null;
  }
}
