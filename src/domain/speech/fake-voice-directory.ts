import type { VoiceDirectory, VoiceRef } from './voice-directory.js';

/**
 * In-memory `VoiceDirectory` for unit tests: voices every account may use, and voices private to
 * one account (as cloned voices are); another account's voice is simply not found.
 */
export class FakeVoiceDirectory implements VoiceDirectory {
  private readonly owned = new Map<string, { accountId: string; voice: VoiceRef }>();

  constructor(private readonly shared: VoiceRef[] = []) {}

  own(accountId: string, voice: VoiceRef): this {
    this.owned.set(voice.id, { accountId, voice });
    return this;
  }

  async resolve(accountId: string, voiceId: string): Promise<VoiceRef | null> {
    const shared = this.shared.find((v) => v.id === voiceId);
    if (shared) return shared;
    const owned = this.owned.get(voiceId);
    return owned && owned.accountId === accountId ? owned.voice : null;
  }
}
