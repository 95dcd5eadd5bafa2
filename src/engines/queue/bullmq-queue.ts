import type { Logger } from 'pino';
import type { JobRecord, Store } from '../../domain/store.js';
import type { Clock } from '../clock/clock.js';
import type { JobQueue, JobRunFn } from './port.js';

export interface BullQueueOptions {
  redisUrl: string;
  queueName: string;
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  dispatchSweepMs: number;
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

/** Our own backoff type, so a job that chose its wait (a webhook) gets exactly that wait. */
const BACKOFF_TYPE = 'clipwright';

/**
 * The scaled queue: BullMQ on Redis, fed from the outbox rows. The job id is the outbox row id
 * (the task id for a create), so dispatching the same row twice adds one job.
 */
export class BullQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private queue: import('bullmq').Queue | null = null;
  private worker: import('bullmq').Worker | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private connections: import('ioredis').Redis[] = [];

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly opts: BullQueueOptions,
    private readonly log: Logger,
  ) {}

  private async connection(): Promise<import('ioredis').Redis> {
    const { Redis } = await import('ioredis');
    const c = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(c);
    return c;
  }

  private async getQueue(): Promise<import('bullmq').Queue> {
    if (!this.queue) {
      const { Queue } = await import('bullmq');
      this.queue = new Queue(this.opts.queueName, { connection: await this.connection() });
    }
    return this.queue;
  }

  async dispatch(job: JobRecord): Promise<void> {
    const queue = await this.getQueue();
    await queue.add(job.name, { jobId: job.id }, {
      jobId: job.id,
      attempts: job.maxAttempts,
      backoff: { type: BACKOFF_TYPE },
      removeOnComplete: 1000,
      removeOnFail: 5000,
    });
    await this.store.jobs.markDispatched(job.id, this.clock.nowIso());
  }

  startDispatcher(): void {
    const sweep = async () => {
      try {
        for (const job of await this.store.jobs.undispatched(100)) await this.dispatch(job);
      } catch (err) {
        this.log.warn({ err }, 'outbox sweep failed; will try again');
      }
      this.sweepTimer = setTimeout(sweep, this.opts.dispatchSweepMs);
    };
    void sweep();
  }

  async startConsuming(run: JobRunFn): Promise<void> {
    const { Worker } = await import('bullmq');
    this.worker = new Worker(
      this.opts.queueName,
      async (bullJob, _token, signal) => {
        const record = await this.store.jobs.get(String(bullJob.data.jobId ?? bullJob.id));
        if (!record) return;
        const controller = new AbortController();
        signal?.addEventListener('abort', () => controller.abort(signal.reason));
        const verdict = await run(record, {
          signal: controller.signal,
          attempt: bullJob.attemptsMade + 1,
          maxAttempts: bullJob.opts.attempts ?? this.opts.maxAttempts,
        });
        const at = this.clock.nowIso();
        if (verdict === 'retry') throw new RetryLater('transient failure; retrying', null);
        if (typeof verdict === 'object') throw new RetryLater(verdict.reason, verdict.retryInMs);
        if (verdict === 'done') await this.store.jobs.complete(record.id, at);
        else await this.store.jobs.fail(record.id, 'failed', at);
      },
      {
        connection: await this.connection(),
        concurrency: this.opts.concurrency,
        // A killed worker stops renewing its lock; after this long its job counts as stalled and is taken again.
        lockDuration: this.opts.leaseMs,
        stalledInterval: Math.max(1000, Math.floor(this.opts.leaseMs / 2)),
        maxStalledCount: 3,
        settings: {
          backoffStrategy: (attemptsMade: number, _type?: string, err?: Error) =>
            err instanceof RetryLater && err.delayMs !== null ? err.delayMs : Math.round(this.opts.retryBaseMs * 2 ** Math.max(0, attemptsMade - 1)),
        },
      },
    );
    this.worker.on('error', (err) => this.log.warn({ err }, 'bullmq worker error'));
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    await this.worker?.close();
    await this.queue?.close();
    await Promise.allSettled(this.connections.map((c) => c.quit()));
  }
}
