import { AccountScopedEntries } from '../account-scoped-entries.js';
import type { VoiceDirectory, VoiceRef } from './voice-directory.js';

/**
 * In-memory `VoiceDirectory` for unit tests: voices every account may use, and voices private to
 * one account (as cloned voices are); another account's voice is simply not found.
 */
export class FakeVoiceDirectory implements VoiceDirectory {
  private readonly voices: AccountScopedEntries<VoiceRef>;

  constructor(shared: VoiceRef[] = []) {
    this.voices = new AccountScopedEntries(shared);
  }

  own(accountId: string, voice: VoiceRef): this {
    this.voices.own(accountId, voice);
    return this;
  }

  async resolve(accountId: string, voiceId: string): Promise<VoiceRef | null> {
    return this.voices.find(accountId, voiceId);
  }
}
