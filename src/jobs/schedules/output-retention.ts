import type { Logger } from 'pino';
import { expiredResult } from '../../domain/tasks/retention.js';
import { taskBlobPrefix } from '../../domain/tasks/task-files.js';
import type { PurgeCandidate, Store } from '../../core/store.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { Clock } from '../../core/clock.js';
import { forEachDue, PeriodicSweep } from './periodic-pass.js';

export interface OutputRetentionOptions {
  /** Real time between passes (`RETENTION_SWEEP_SECONDS`). */
  intervalMs: number;
  /** How long a claimed task is this sweeper's; a sweeper that dies mid-purge gives it up after this. */
  leaseMs?: number;
  /** Tasks read per query. */
  batchSize?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_BATCH = 100;

/**
 * The retention sweep: every `intervalMs`, takes the done tasks whose files have expired, deletes
 * their blob folder (`<account>/<task>/`: output, thumbnail, plan files) and leaves the task done
 * with `outputExpired` and its file keys null; the charge stands. "Now" is the clock port's, so
 * tests move time instead of waiting a day.
 *
 * Several workers run it at once: each task is claimed by one conditional UPDATE (see
 * `TaskRepo.claimPurge`), which also writes the expired result, so clients stop getting URLs to
 * files about to vanish. The claim is a lease: the files are deleted after it and the lease
 * cleared; a crash in between leaves the lease to lapse and a later pass deletes again (deleting
 * is idempotent).
 */
export class OutputRetentionSweep extends PeriodicSweep<{ expiredTaskIds: string[] }> {
  constructor(
    private readonly store: Store,
    private readonly blobs: Pick<BlobStore, 'removePrefix'>,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: OutputRetentionOptions,
  ) {
    super(opts.intervalMs, log, 'retention sweep');
  }

  /** One pass: every task due now, each taken by this sweeper or by another, never by two. */
  async sweepOnce(): Promise<{ expiredTaskIds: string[] }> {
    const expiredTaskIds: string[] = [];
    // Claimed rows (ours or another sweeper's) carry a lease in the future and no longer come back.
    await forEachDue(
      (limit) => this.store.tasks.duePurges(this.clock.nowIso(), limit),
      this.opts.batchSize ?? DEFAULT_BATCH,
      async (candidate) => {
        if (await this.purge(candidate)) expiredTaskIds.push(candidate.task.id);
      },
    );
    return { expiredTaskIds };
  }

  private async purge(candidate: PurgeCandidate): Promise<boolean> {
    const nowMs = this.clock.nowMs();
    const leaseUntil = new Date(nowMs + (this.opts.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
    const claimed = await this.store.tasks.claimPurge(candidate, expiredResult(candidate.task), leaseUntil, new Date(nowMs).toISOString());
    if (!claimed) return false;
    try {
      await this.blobs.removePrefix(taskBlobPrefix(claimed));
      await this.store.tasks.finishPurge(claimed.id, leaseUntil);
      this.log.info({ taskId: claimed.id, kind: claimed.kind }, 'task output expired; files deleted');
    } catch (err) {
      // The lease lapses and a later pass tries again; the task already reads as expired.
      this.log.warn({ err, taskId: claimed.id }, 'deleting expired task files failed; will retry');
    }
    return true;
  }
}
