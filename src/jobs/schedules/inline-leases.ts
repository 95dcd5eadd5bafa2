import type { Logger } from 'pino';
import type { Store } from '../../core/store.js';
import type { InlineTasks } from '../../domain/tasks/inline-tasks.js';
import type { Clock } from '../../core/clock.js';
import { forEachDue, PeriodicSweep } from './periodic-pass.js';

export interface InlineLeaseSweepOptions {
  /** Real time between passes (`INLINE_SWEEP_SECONDS`). */
  intervalMs: number;
  /** Tasks read per query. */
  batchSize?: number;
}

const DEFAULT_BATCH = 100;

/**
 * The lease sweep for inline tasks (a streamed text generation, run by an API process without a
 * job row): every `intervalMs`, finds the processing tasks whose lease lapsed — the process that
 * ran them died or was stopped — and fails each once with a reason a person can act on, releasing
 * its hold and queuing its webhook in the same transaction (`InlineTasks.failAbandoned`). "Now"
 * is the clock port's, so tests move time instead of waiting for a lease.
 *
 * Every process that runs jobs sweeps (in `serve`, the API's own process: a restarted server
 * cleans up after the one that died). Of several sweepers, the conditional UPDATE that claims a
 * task lets exactly one fail it.
 */
export class InlineLeaseSweep extends PeriodicSweep<{ failedTaskIds: string[] }> {
  constructor(
    private readonly store: Store,
    private readonly inline: Pick<InlineTasks, 'failAbandoned'>,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: InlineLeaseSweepOptions,
  ) {
    super(opts.intervalMs, log, 'inline lease sweep');
  }

  /** One pass: fails every inline task whose lease lapsed before now, each by one sweeper only. */
  async sweepOnce(): Promise<{ failedTaskIds: string[] }> {
    const failedTaskIds: string[] = [];
    await forEachDue(
      (limit) => this.store.tasks.lapsedLeases(this.clock.nowIso(), limit),
      this.opts.batchSize ?? DEFAULT_BATCH,
      async (task) => {
        const failed = await this.inline.failAbandoned(task.id);
        if (!failed) return;
        failedTaskIds.push(failed.id);
        this.log.warn({ taskId: failed.id, kind: failed.kind, accountId: failed.accountId }, 'inline task abandoned by its process; failed and hold released');
      },
    );
    return { failedTaskIds };
  }
}
