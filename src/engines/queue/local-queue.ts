import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { newId } from '../../core/ids.js';
import type { JobRecord, Store } from '../../core/store.js';
import type { Clock } from '../../core/clock.js';
import { laneSlots, type Lane, type QueueLanes } from './lanes.js';
import { outageOf } from '../outages/outage-of.js';
import { finishWithinGrace, handBackAll } from './hand-back.js';
import { HandedBack, isPostponed, retryDelayOf, retryReasonOf, type DrainReport, type JobQueue, type JobRunFn, type QueueHealth } from './port.js';

export interface LocalQueueOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  retryBaseMs: number;
  names: () => string[];
  /** Light jobs get slots of their own (see lanes.ts); without it every job shares `concurrency`. */
  lanes?: QueueLanes;
}

/**
 * The embedded queue: the `jobs` table is the queue. A job is claimed with a lease that a
 * heartbeat extends; when a process dies its lease lapses and any worker takes the job again.
 */
export class LocalQueue implements JobQueue {
  readonly kind = 'local' as const;
  private readonly workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly running: Record<Lane, number> = { light: 0, heavy: 0 };
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private run: JobRunFn | null = null;
  /** What happened to running jobs since the drain began (counted from its start). */
  private counts: DrainReport = { finished: 0, handedBack: 0 };
  /** The database (or its disk) is failing the queue's own reads and writes: said once, not every poll. */
  private outage = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly opts: LocalQueueOptions,
    private readonly log: Logger,
  ) {}

  async dispatch(_job: JobRecord): Promise<void> {
    // The row is already in the table; wake the in-process consumer instead of waiting a poll.
    if (!this.stopped) queueMicrotask(() => this.fill());
  }

  startDispatcher(): void {
    // Nothing to re-send: the table is the queue.
  }

  async health(): Promise<QueueHealth> {
    // The table is the queue: it is up when the database is, which readiness reports beside it.
    return { kind: 'local', ok: true };
  }

  async startConsuming(run: JobRunFn): Promise<void> {
    this.run = run;
    this.stopped = false;
    this.tick();
  }

  private tick(): void {
    if (this.stopped) return;
    this.fill();
    this.timer = setTimeout(() => this.tick(), this.opts.pollMs);
  }

  private fill(): void {
    if (this.stopped) return;
    for (const { lane, names, slots } of laneSlots(this.opts.names(), this.opts.concurrency, this.opts.lanes)) {
      // Only one claim attempt per lane and fill; more are started when a claim succeeds.
      if (this.running[lane] >= slots || names.length === 0) continue;
      this.running[lane]++;
      const p = this.claimAndRun(names)
        .then((claimed) => {
          this.running[lane]--;
          if (this.outage) this.log.info('local queue: the database answers again');
          this.outage = false;
          if (claimed) this.fill();
        })
        .catch((err) => {
          this.running[lane]--;
          if (!outageOf(err)) this.log.error({ err }, 'local queue loop error');
          else if (!this.outage) this.log.warn({ err }, "local queue: the database cannot take the queue's reads or writes; polling until it can");
          this.outage = outageOf(err) !== null;
        });
      this.inFlight.add(p);
      void p.finally(() => this.inFlight.delete(p));
    }
  }

  private async claimAndRun(names: string[]): Promise<boolean> {
    const now = this.clock.nowMs();
    const job = await this.store.jobs.claimNext(this.workerId, iso(now), iso(now + this.opts.leaseMs), names);
    if (!job || !this.run) return false;
    if (this.stopped) {
      // Claimed while the worker was stopping: straight back, for another worker.
      await this.handBack(job.id);
      return false;
    }
    queueMicrotask(() => this.fill());
    const controller = new AbortController();
    this.controllers.add(controller);
    const heartbeat = setInterval(
      () => {
        void this.store.jobs.extendLease(job.id, this.workerId, iso(this.clock.nowMs() + this.opts.leaseMs)).catch(() => undefined);
      },
      Math.max(100, Math.floor(this.opts.leaseMs / 3)),
    );
    try {
      const verdict = await this.run(job, { signal: controller.signal, attempt: job.attempts, maxAttempts: job.maxAttempts });
      if (controller.signal.reason instanceof HandedBack && verdict !== 'done' && verdict !== 'failed') {
        await this.handBack(job.id);
        return true;
      }
      if (isPostponed(verdict)) {
        // A hand-back due later: the row waits out the outage, and the run does not count as an attempt.
        await this.store.jobs.release(job.id, this.workerId, iso(this.clock.nowMs() + verdict.postponeMs));
        return true;
      }
      this.counts.finished++;
      const at = this.clock.nowIso();
      const delayMs = retryDelayOf(verdict, this.opts.retryBaseMs * 2 ** Math.max(0, job.attempts - 1));
      if (delayMs !== null) await this.store.jobs.retryLater(job.id, retryReasonOf(verdict), iso(this.clock.nowMs() + delayMs), at);
      else if (verdict === 'done') await this.store.jobs.complete(job.id, at);
      else await this.store.jobs.fail(job.id, 'failed', at);
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(controller);
    }
    return true;
  }

  private async handBack(jobId: string): Promise<void> {
    if (await this.store.jobs.release(jobId, this.workerId, this.clock.nowIso())) this.counts.handedBack++;
  }

  async drain(graceMs: number): Promise<DrainReport> {
    this.counts = { finished: 0, handedBack: 0 };
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await finishWithinGrace(Promise.allSettled([...this.inFlight]), graceMs, this.controllers);
    return { ...this.counts };
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    handBackAll(this.controllers);
    await Promise.allSettled([...this.inFlight]);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
