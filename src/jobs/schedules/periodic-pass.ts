import type { Logger } from 'pino';

/**
 * A pass run every `intervalMs` (real time) by a process that runs jobs: the next pass is
 * scheduled when the last one ends, so passes never overlap; a failed pass is logged and the
 * next one still comes. A pending timer alone does not keep the process alive.
 */
export class PeriodicPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts the passes; the first is one interval away. Starting twice is harmless. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a pass under way; whatever it did not reach is due next time. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch(this.onError)
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }
}

/**
 * What every schedule shares: a pass (`sweepOnce`, also called directly by tests) run every
 * `intervalMs` by a PeriodicPass, started and stopped by the roles that run jobs; a failed pass is
 * logged under the sweep's name.
 */
export abstract class PeriodicSweep<R> {
  private readonly periodic: PeriodicPass;

  protected constructor(intervalMs: number, log: Pick<Logger, 'error'>, name: string) {
    this.periodic = new PeriodicPass(
      () => this.sweepOnce(),
      intervalMs,
      (err) => log.error({ err }, `${name} failed`),
    );
  }

  /** Starts the periodic passes; the first pass is one interval away. */
  start(): void {
    this.periodic.start();
  }

  /** Stops the timer and waits for a pass under way; whatever it did not reach is due next time. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass. */
  abstract sweepOnce(): Promise<R>;
}

/** Bounds one pass, so a pass always ends even if the same rows kept coming back. */
const MAX_BATCHES_PER_PASS = 20;

/**
 * Takes the due rows a batch at a time and hands each to `handle`. Handled rows (by this sweeper
 * or another) no longer match the query, so a full batch means there may be more behind it.
 */
export async function forEachDue<T>(due: (limit: number) => Promise<T[]>, batchSize: number, handle: (row: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < MAX_BATCHES_PER_PASS; i++) {
    const rows = await due(batchSize);
    for (const row of rows) await handle(row);
    if (rows.length < batchSize) break;
  }
}
