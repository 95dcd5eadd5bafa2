/**
 * The entries of an in-memory directory fake (`FakeVoiceDirectory`, `FakeAvatarDirectory`): ones
 * every account may use, and ones private to one account (a cloned voice, a custom avatar);
 * another account's private entry is simply not found, as the real directories answer.
 */
export class AccountScopedEntries<T extends { id: string }> {
  private readonly owned = new Map<string, { accountId: string; entry: T }>();

  constructor(readonly shared: readonly T[] = []) {}

  own(accountId: string, entry: T): void {
    this.owned.set(entry.id, { accountId, entry });
  }

  find(accountId: string, id: string): T | null {
    const shared = this.shared.find((e) => e.id === id);
    if (shared) return shared;
    const owned = this.owned.get(id);
    return owned && owned.accountId === accountId ? owned.entry : null;
  }
}
