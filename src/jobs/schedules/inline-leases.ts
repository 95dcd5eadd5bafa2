import type { Logger } from 'pino';
import type { Store } from '../../domain/store.js';
import type { InlineTasks } from '../../domain/tasks/inline-tasks.js';
import type { Clock } from '../../engines/clock/clock.js';

export interface InlineLeaseSweepOptions {
  /** Real time between passes (`INLINE_SWEEP_SECONDS`). */
  intervalMs: number;
  /** Tasks read per query. */
  batchSize?: number;
}

const DEFAULT_BATCH = 100;
/** Bounds one pass, so a pass always ends even if the same rows kept coming back. */
const MAX_BATCHES_PER_PASS = 20;

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
export class InlineLeaseSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly store: Store,
    private readonly inline: Pick<InlineTasks, 'failAbandoned'>,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: InlineLeaseSweepOptions,
  ) {}

  /** Starts the periodic passes; the first pass is one interval away. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass: fails every inline task whose lease lapsed before now, each by one sweeper only. */
  async sweepOnce(): Promise<{ failedTaskIds: string[] }> {
    const batch = this.opts.batchSize ?? DEFAULT_BATCH;
    const failedTaskIds: string[] = [];
    for (let i = 0; i < MAX_BATCHES_PER_PASS; i++) {
      const lapsed = await this.store.tasks.lapsedLeases(this.clock.nowIso(), batch);
      for (const task of lapsed) {
        const failed = await this.inline.failAbandoned(task.id);
        if (!failed) continue;
        failedTaskIds.push(failed.id);
        this.log.warn({ taskId: failed.id, kind: failed.kind, accountId: failed.accountId }, 'inline task abandoned by its process; failed and hold released');
      }
      // Taken rows (by us, another sweeper or a late owner) no longer match, so a full batch means
      // there may be more behind it.
      if (lapsed.length < batch) break;
    }
    return { failedTaskIds };
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweepOnce()
        .catch((err: unknown) => this.log.error({ err }, 'inline lease sweep failed'))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.opts.intervalMs);
    // A pending sweep alone must not keep a process alive.
    this.timer.unref();
  }
}
