import { hash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';

/**
 * Credentials this process has verified against the database recently, so a polling client is
 * not looked up on every request. Only successes are kept, under a hash of (api id, key): the key
 * itself is never held in memory, and a wrong key can never match an entry. An entry lives
 * `ttlMs` at most; that bounds how long a key revoked by ANOTHER process (the admin command, a
 * second API process) still works here. Revocations made through this process drop the account's
 * entries at once.
 */
export class VerifiedCredentials {
  private readonly entries = new Map<string, { accountId: string; untilMs: number }>();
  /** Moves on every revocation, so a look-up that began before one does not cache its answer. */
  generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The account of these credentials if they were verified less than `ttlMs` ago. */
  accountOf(apiId: string, apiKey: string): string | null {
    if (!this.enabled) return null;
    const id = entryId(apiId, apiKey);
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.untilMs <= this.clock.nowMs()) {
      this.entries.delete(id);
      return null;
    }
    return entry.accountId;
  }

  /** `since`: the `generation` read before the database look-up that verified them. */
  remember(apiId: string, apiKey: string, accountId: string, since: number): void {
    if (!this.enabled || since !== this.generation) return;
    const now = this.clock.nowMs();
    if (this.entries.size >= this.maxEntries) this.prune(now);
    this.entries.set(entryId(apiId, apiKey), { accountId, untilMs: now + this.ttlMs });
  }

  forgetAccount(accountId: string): void {
    this.generation++;
    for (const [id, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(id);
  }

  /** Expired entries go; if all are live, the oldest half goes (a Map iterates in insertion order). */
  private prune(now: number): void {
    for (const [id, entry] of this.entries) if (entry.untilMs <= now) this.entries.delete(id);
    if (this.entries.size < this.maxEntries) return;
    let drop = Math.ceil(this.entries.size / 2);
    for (const id of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(id);
    }
  }
}

// The separator cannot occur in a header value, so (a, bc) and (ab, c) differ. The one-shot
// `hash` costs about half of a createHash object on every request.
const entryId = (apiId: string, apiKey: string) => hash('sha256', `${apiId}\n${apiKey}`, 'base64');
