import type { Logger } from 'pino';
import type { IdempotencyKeyRepo } from '../../core/store.js';
import type { Clock } from '../../core/clock.js';
import { PeriodicSweep } from './periodic-pass.js';

export interface IdempotencyKeySweepOptions {
  /** Real time between passes (`IDEMPOTENCY_SWEEP_SECONDS`). */
  intervalMs: number;
  /** Keys deleted per statement. */
  batchSize?: number;
}

const DEFAULT_BATCH = 500;
/** Bounds one pass; what is left is due next time. */
const MAX_BATCHES_PER_PASS = 20;

/**
 * Deletes idempotency keys past their lifetime, so the table holds about one day of keys. Only
 * housekeeping: an expired key that is still there is already treated as new when it is used.
 */
export class IdempotencyKeySweep extends PeriodicSweep<{ deleted: number }> {
  constructor(
    private readonly keys: Pick<IdempotencyKeyRepo, 'deleteExpired'>,
    private readonly clock: Clock,
    log: Logger,
    private readonly opts: IdempotencyKeySweepOptions,
  ) {
    super(opts.intervalMs, log, 'idempotency key sweep');
  }

  /** One pass: deletes keys that expired before the clock's now; returns how many. */
  async sweepOnce(): Promise<{ deleted: number }> {
    const batch = this.opts.batchSize ?? DEFAULT_BATCH;
    let deleted = 0;
    for (let i = 0; i < MAX_BATCHES_PER_PASS; i++) {
      const n = await this.keys.deleteExpired(this.clock.nowIso(), batch);
      deleted += n;
      if (n < batch) break;
    }
    return { deleted };
  }
}
