import type { Clock } from '../../core/clock.js';
import { IdempotencyKeyInUse, IdempotencyKeyReused } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { IdempotencyKeyRepo, StoredResponse } from '../../core/store.js';

/** Stripe's limit; longer keys are refused on the header. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface IdempotencyOptions {
  /** How long a key keeps its first response (`IDEMPOTENCY_KEY_TTL_HOURS`, 24 h). */
  ttlMs: number;
  /** How long an in-flight key stays locked without a renewal: the wait after a crashed holder. */
  lockMs: number;
  /** Real time between renewals of a held lock (a third of `lockMs`). */
  renewEveryMs: number;
}

export type IdempotentStart = { kind: 'run'; lease: IdempotencyLease } | { kind: 'replay'; response: StoredResponse };

/**
 * Stripe's idempotency keys, per account. The first request with a key takes it (one atomic
 * insert of (account, key)) and runs; its response is saved and every repeat within the key's
 * lifetime gets that same response, whatever happened since. A repeat while the first still runs
 * → 409; the key with another request (endpoint or body, compared by fingerprint) → 422.
 *
 * A running request holds the key with a lock it renews; if its process dies the lock lapses
 * after `lockMs` and the same request may take the key again. What counts as "the response" and
 * which responses are not saved (5xx, so the client can retry) is the HTTP layer's choice
 * (`api/idempotency/`).
 */
export class IdempotencyService {
  constructor(
    private readonly keys: IdempotencyKeyRepo,
    private readonly clock: Clock,
    private readonly opts: IdempotencyOptions,
  ) {}

  async begin(accountId: string, key: string, fingerprint: string): Promise<IdempotentStart> {
    const nowMs = this.clock.nowMs();
    const lockToken = newId();
    const blocking = await this.keys.claim(
      {
        accountId,
        key,
        fingerprint,
        lockToken,
        lockedUntil: iso(nowMs + this.opts.lockMs),
        createdAt: iso(nowMs),
        expiresAt: iso(nowMs + this.opts.ttlMs),
      },
      iso(nowMs),
    );
    if (!blocking) return { kind: 'run', lease: new IdempotencyLease(this.keys, this.clock, this.opts, accountId, key, lockToken) };
    if (blocking.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
    if (blocking.state === 'done' && blocking.response) return { kind: 'replay', response: blocking.response };
    throw new IdempotencyKeyInUse();
  }
}

/** A key held by the request running now: renewed until it is completed or released. */
export class IdempotencyLease {
  private timer: NodeJS.Timeout | null;

  constructor(
    private readonly keys: IdempotencyKeyRepo,
    private readonly clock: Clock,
    private readonly opts: IdempotencyOptions,
    readonly accountId: string,
    readonly key: string,
    private readonly lockToken: string,
  ) {
    this.timer = setInterval(() => void this.renew(), opts.renewEveryMs);
    // A renewal alone must not keep a process alive.
    this.timer.unref();
  }

  /** Saves the response for repeats; false when the key was lost meanwhile (the lock lapsed and another request took it). */
  async complete(response: StoredResponse): Promise<boolean> {
    this.stopRenewing();
    return this.keys.complete(this.accountId, this.key, this.lockToken, response);
  }

  /** Frees the key without a response, so the same request may run again. */
  async release(): Promise<void> {
    this.stopRenewing();
    await this.keys.release(this.accountId, this.key, this.lockToken);
  }

  /** Lets the lock lapse on its own (after `lockMs`) when nobody will complete or release it. */
  stopRenewing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renew(): Promise<void> {
    const held = await this.keys.renew(this.accountId, this.key, this.lockToken, iso(this.clock.nowMs() + this.opts.lockMs)).catch(() => true);
    if (!held) this.stopRenewing();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
