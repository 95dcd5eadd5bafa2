import { AccountScopedEntries } from '../account-scoped-entries.js';
import type { LinkFacts } from '../links/link-facts.js';
import type { AvatarDirectory, AvatarRef } from './avatar-directory.js';

/**
 * In-memory `AvatarDirectory` for unit tests: built-in avatars every account sees, avatars owned
 * by one account, and ids that name an account's avatar that cannot be used yet (with the reason).
 * `match` picks by seed among the built-in ones, so the same seed gives the same avatar.
 */
export class FakeAvatarDirectory implements AvatarDirectory {
  readonly matched: { facts: LinkFacts | null; seed: number }[] = [];
  private readonly avatars: AccountScopedEntries<AvatarRef>;
  private readonly unusable = new Map<string, { accountId: string; reason: string }>();

  constructor(builtin: AvatarRef[] = []) {
    this.avatars = new AccountScopedEntries(builtin);
  }

  own(accountId: string, avatar: AvatarRef): this {
    this.avatars.own(accountId, avatar);
    return this;
  }

  markUnusable(accountId: string, avatarId: string, reason: string): this {
    this.unusable.set(avatarId, { accountId, reason });
    return this;
  }

  async resolve(accountId: string, avatarId: string): Promise<AvatarRef | null> {
    return this.avatars.find(accountId, avatarId);
  }

  async whyUnusable(accountId: string, avatarId: string): Promise<string | null> {
    const entry = this.unusable.get(avatarId);
    return entry && entry.accountId === accountId ? entry.reason : null;
  }

  async match(facts: LinkFacts | null, seed: number): Promise<AvatarRef | null> {
    this.matched.push({ facts, seed });
    const builtin = this.avatars.shared;
    return builtin.length ? builtin[seed % builtin.length]! : null;
  }
}
