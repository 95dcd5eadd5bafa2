import type { Logger } from 'pino';
import type { JobRecord, Store } from '../../core/store.js';
import type { Clock } from '../../core/clock.js';
import { withDeadline } from '../../core/deadline.js';
import { laneSlots, type Lane, type QueueLanes } from './lanes.js';
import { outageOf } from '../outages/outage-of.js';
import { finishWithinGrace, handBackAll } from './hand-back.js';
import { HandedBack, isPostponed, type DrainReport, type JobQueue, type JobRunFn, type QueueHealth, type RunVerdict } from './port.js';

export interface BullQueueOptions {
  redisUrl: string;
  queueName: string;
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  dispatchSweepMs: number;
  /** Longest wait for one hand-off to Redis; past it the row stays in the outbox for the sweep. */
  dispatchTimeoutMs: number;
  /** Light jobs go to a BullMQ queue of their own (`<queueName>-light`) with its own slots (see lanes.ts). */
  lanes?: QueueLanes;
  /** A job whose row cannot be read (the database is down) waits this long, no attempt counted. */
  outageRetryMs?: number;
}

/** Thrown to BullMQ so it schedules a retry; `delayMs` is the wait the job chose, if any. */
class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number | null,
  ) {
    super(message);
  }
}

/** ioredis states in which nothing can be sent (refused, reset, closed): no need to wait for a deadline. */
const DOWN = new Set(['reconnecting', 'close', 'end']);

/** Our own backoff type, so a job that chose its wait (a webhook) gets exactly that wait. */
const BACKOFF_TYPE = 'clipwright';

/**
 * The scaled queue: BullMQ on Redis, fed from the outbox rows. The job id is the outbox row id
 * (the task id for a create), so dispatching the same row twice adds one job.
 *
 * Redis may be down or frozen (a stopped process keeps its sockets open and never answers).
 * The row is already committed, so no caller waits on Redis for long: a hand-off gives up after
 * `dispatchTimeoutMs`, and after a failure hand-offs are skipped for one sweep interval (the
 * sweep alone probes), so creates during an outage answer at database speed. Whenever the
 * connection becomes ready, queued rows are marked undispatched and handed over again: a Redis
 * that restarted empty has lost them, and one that did not ignores the repeat (same job id).
 */
export class BullQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<Lane, Promise<import('bullmq').Queue>>();
  private producer: Promise<import('ioredis').Redis> | null = null;
  private readonly workers: import('bullmq').Worker[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private connections: import('ioredis').Redis[] = [];
  /** Real time (ms) before which `dispatch` does not try Redis, after a failed hand-off. */
  private skipHandOffsUntil = 0;
  private outage = false;
  /** Aborts of the jobs this worker is running, for a shutdown's hand-back. */
  private readonly running = new Set<AbortController>();
  /** What happened to running jobs since the drain began (counted from its start). */
  private counts: DrainReport = { finished: 0, handedBack: 0 };

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly opts: BullQueueOptions,
    private readonly log: Logger,
  ) {}

  private async connection(extra: import('ioredis').RedisOptions = {}): Promise<import('ioredis').Redis> {
    const { Redis } = await import('ioredis');
    const c = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null, ...extra });
    this.connections.push(c);
    return c;
  }

  /** The connection for hand-offs and pings; every command on it gives up after the hand-off timeout. */
  private producerConnection(): Promise<import('ioredis').Redis> {
    this.producer ??= this.connection({ commandTimeout: this.opts.dispatchTimeoutMs }).then((c) => {
      // Reconnection errors repeat every retry; the outage is logged once, by the hand-offs.
      c.on('error', (err) => this.log.debug({ err }, 'redis producer connection error'));
      c.on('ready', () => void this.resendQueued());
      return c;
    });
    return this.producer;
  }

  private queueName(lane: Lane): string {
    return lane === 'light' && this.opts.lanes ? `${this.opts.queueName}-light` : this.opts.queueName;
  }

  private getQueue(lane: Lane): Promise<import('bullmq').Queue> {
    let queue = this.queues.get(lane);
    if (!queue) {
      const made = (async () => {
        const { Queue } = await import('bullmq');
        const q = new Queue(this.queueName(lane), { connection: await this.producerConnection() });
        q.on('error', (err) => this.log.debug({ err }, 'bullmq queue error'));
        // BullMQ keeps a failed start-up (a version check that timed out) for the queue's life.
        await q.waitUntilReady().catch(async (err: unknown) => {
          await q.close().catch(() => undefined);
          throw err;
        });
        return q;
      })();
      this.queues.set(lane, made);
      made.catch(() => {
        if (this.queues.get(lane) === made) this.queues.delete(lane);
      });
      queue = made;
    }
    return queue;
  }

  /** Marks every queued row undispatched so the sweep hands it over again (see the class comment). */
  private async resendQueued(): Promise<void> {
    try {
      const n = await this.store.jobs.undispatchQueued();
      if (n > 0) this.log.info({ jobs: n }, 'redis connection ready; queued jobs will be handed over again');
    } catch (err) {
      this.log.warn({ err }, 'could not mark queued jobs for a new hand-off');
    }
  }

  async dispatch(job: JobRecord): Promise<void> {
    if (Date.now() < this.skipHandOffsUntil) throw new Error('the queue was unreachable a moment ago; the outbox sweep will hand this job over');
    await this.handOff(job);
  }

  private async handOff(job: JobRecord): Promise<void> {
    try {
      await withDeadline(this.add(job), this.opts.dispatchTimeoutMs, 'redis (job hand-off)');
    } catch (err) {
      this.skipHandOffsUntil = Date.now() + this.opts.dispatchSweepMs;
      if (!this.outage) this.log.warn({ err }, 'queue unreachable; new jobs wait in the outbox until it is back');
      this.outage = true;
      throw err;
    }
    if (this.outage) this.log.info('queue reachable again; handing over the jobs that waited in the outbox');
    this.outage = false;
    this.skipHandOffsUntil = 0;
    await this.store.jobs.markDispatched(job.id, this.clock.nowIso());
  }

  private async add(job: JobRecord): Promise<void> {
    // Refused or reset: the commands would only wait in ioredis' offline queue until the deadline.
    const producer = await this.producerConnection();
    if (DOWN.has(producer.status)) throw new Error(`redis connection is ${producer.status}`);
    const queue = await this.getQueue(this.opts.lanes?.laneOf(job.name) ?? 'heavy');
    await queue.add(
      job.name,
      { jobId: job.id },
      {
        jobId: job.id,
        attempts: job.maxAttempts,
        backoff: { type: BACKOFF_TYPE },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      },
    );
  }

  async health(timeoutMs: number): Promise<QueueHealth> {
    const started = performance.now();
    try {
      const c = await withDeadline(this.producerConnection(), timeoutMs, 'redis');
      if (DOWN.has(c.status)) return { kind: this.kind, ok: false, detail: `redis connection is ${c.status}` };
      await withDeadline(c.ping(), timeoutMs, 'redis ping');
      return { kind: this.kind, ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch (err) {
      return { kind: this.kind, ok: false, detail: (err as Error).message };
    }
  }

  startDispatcher(): void {
    // The sweep bypasses the skip window: it is what finds out that Redis is back.
    const sweep = async () => {
      try {
        for (const job of await this.store.jobs.undispatched(100)) await this.handOff(job);
      } catch (err) {
        if (!this.outage) this.log.warn({ err }, 'outbox sweep failed; will try again');
      }
      if (!this.closed) this.sweepTimer = setTimeout(sweep, this.opts.dispatchSweepMs);
    };
    void sweep();
  }

  async startConsuming(run: JobRunFn): Promise<void> {
    const { Worker, WaitingError, DelayedError } = await import('bullmq');
    /** Back to the delayed set without counting an attempt (BullMQ's `skipAttempt`): the job waits out an outage. */
    const postpone = async (bullJob: import('bullmq').Job, token: string | undefined, ms: number): Promise<never> => {
      await bullJob.moveToDelayed(Date.now() + ms, token);
      throw new DelayedError();
    };
    const handle = async (bullJob: import('bullmq').Job, token?: string, signal?: AbortSignal) => {
      let record: JobRecord | null;
      try {
        record = await this.store.jobs.get(String(bullJob.data.jobId ?? bullJob.id));
      } catch (err) {
        if (!outageOf(err)) throw err;
        this.log.warn({ err, jobId: bullJob.id }, 'job postponed: its row cannot be read now');
        return postpone(bullJob, token, this.opts.outageRetryMs ?? 5000);
      }
      if (!record) return;
      const controller = new AbortController();
      signal?.addEventListener('abort', () => controller.abort(signal.reason));
      this.running.add(controller);
      let verdict: RunVerdict;
      try {
        verdict = await run(record, {
          signal: controller.signal,
          attempt: bullJob.attemptsMade + 1,
          maxAttempts: bullJob.opts.attempts ?? this.opts.maxAttempts,
        });
      } finally {
        this.running.delete(controller);
      }
      if (controller.signal.reason instanceof HandedBack && verdict !== 'done' && verdict !== 'failed') {
        // Back to the head of the wait list, lock released, no attempt counted: another worker takes it now.
        await bullJob.moveToWait(token);
        this.counts.handedBack++;
        throw new WaitingError();
      }
      if (isPostponed(verdict)) return postpone(bullJob, token, verdict.postponeMs);
      this.counts.finished++;
      const at = this.clock.nowIso();
      if (verdict === 'retry') throw new RetryLater('transient failure; retrying', null);
      if (typeof verdict === 'object') throw new RetryLater(verdict.reason, verdict.retryInMs);
      if (verdict === 'done') await this.store.jobs.complete(record.id, at);
      else await this.store.jobs.fail(record.id, 'failed', at);
    };
    // The lanes' job names do not matter here: each lane is its own BullMQ queue.
    for (const { lane, slots } of laneSlots([], this.opts.concurrency, this.opts.lanes)) {
      if (slots < 1) continue;
      const worker = new Worker(this.queueName(lane), handle, {
        connection: await this.connection(),
        concurrency: slots,
        // A killed worker stops renewing its lock; after this long its job counts as stalled and is taken again.
        lockDuration: this.opts.leaseMs,
        stalledInterval: Math.max(1000, Math.floor(this.opts.leaseMs / 2)),
        maxStalledCount: 3,
        settings: {
          backoffStrategy: (attemptsMade: number, _type?: string, err?: Error) =>
            err instanceof RetryLater && err.delayMs !== null ? err.delayMs : Math.round(this.opts.retryBaseMs * 2 ** Math.max(0, attemptsMade - 1)),
        },
      });
      worker.on('error', (err) => this.log.warn({ err }, 'bullmq worker error'));
      this.workers.push(worker);
    }
  }

  async drain(graceMs: number): Promise<DrainReport> {
    this.counts = { finished: 0, handedBack: 0 };
    if (this.workers.length === 0) return { ...this.counts };
    // Closing a BullMQ worker stops it fetching and waits for its active jobs, renewing their locks meanwhile.
    await finishWithinGrace(Promise.all(this.workers.map((w) => w.close())), graceMs, this.running);
    return { ...this.counts };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    // Without a drain first (or after it), whatever still runs is handed back rather than waited for.
    handBackAll(this.running);
    await Promise.all(this.workers.map((w) => w.close()));
    // A Redis that is down at shutdown must not keep the process from exiting.
    for (const made of this.queues.values()) {
      const queue = await withDeadline(made, this.opts.dispatchTimeoutMs, 'redis').catch(() => null);
      await queue?.close();
    }
    await Promise.allSettled(this.connections.map((c) => withDeadline(c.quit(), this.opts.dispatchTimeoutMs, 'redis quit').catch(() => c.disconnect())));
  }
}
