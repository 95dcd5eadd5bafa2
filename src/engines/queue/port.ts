import type { JobRecord } from '../../core/store.js';

/**
 * An outside part the job needs is down (the database, the file storage, a full disk): run the
 * job again after `postponeMs`, and do not count this run as an attempt — the job did nothing
 * wrong, and an outage longer than the retries would otherwise fail work that is fine.
 */
export interface Postponed {
  postponeMs: number;
  reason: string;
}

/** `retry` waits the queue's own backoff; `{ retryInMs }` is a job that chose its wait (webhooks); `Postponed` waits for an outage. */
export type RunVerdict = 'done' | 'retry' | 'failed' | { retryInMs: number; reason: string } | Postponed;

export function isPostponed(verdict: RunVerdict): verdict is Postponed {
  return typeof verdict === 'object' && 'postponeMs' in verdict;
}

/** The wait before the next attempt, or null when the verdict is not a retry (a postponement is not one). */
export function retryDelayOf(verdict: RunVerdict, defaultMs: number): number | null {
  if (verdict === 'retry') return defaultMs;
  if (typeof verdict === 'object' && 'retryInMs' in verdict) return Math.max(0, verdict.retryInMs);
  return null;
}

export function retryReasonOf(verdict: RunVerdict): string {
  return typeof verdict === 'object' ? verdict.reason.slice(0, 500) : 'transient failure';
}

export interface RunInfo {
  signal: AbortSignal;
  /** 1 for the first run of a job. */
  attempt: number;
  maxAttempts: number;
}

export type JobRunFn = (job: JobRecord, info: RunInfo) => Promise<RunVerdict>;

/** What a worker's shutdown did with the jobs it was running (`JobQueue.drain`). */
export interface DrainReport {
  /** Jobs that ended (done, failed or set for a retry) during the grace period. */
  finished: number;
  /** Jobs stopped at the end of the grace period and put back, due at once, for another worker. */
  handedBack: number;
}

/** The abort reason a draining queue gives the jobs it hands back. */
export class HandedBack extends Error {
  constructor() {
    super('the worker is shutting down; the job is handed back to the queue');
  }
}

/** What readiness reports about the queue; `detail` says why it is not ok. */
export interface QueueHealth {
  kind: 'local' | 'bullmq';
  ok: boolean;
  latencyMs?: number;
  detail?: string;
}

/**
 * The job queue port. Jobs are always written first to the `jobs` table in the task's
 * transaction (the outbox); `dispatch` tells the queue about a committed row.
 */
export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  /**
   * Hands a committed row to the queue. Settles promptly even when the queue's server is down
   * or frozen (BullMQ: within `dispatchTimeoutMs`); a rejection leaves the row to the sweep.
   */
  dispatch(job: JobRecord): Promise<void>;
  /** Whether the queue answers, within `timeoutMs` (readiness). */
  health(timeoutMs: number): Promise<QueueHealth>;
  startConsuming(run: JobRunFn): Promise<void>;
  /** Re-sends outbox rows the queue has not taken (after a crash between commit and dispatch). */
  startDispatcher(): void;
  /**
   * Graceful stop of the consumer: takes no new job, lets the running ones finish for `graceMs`,
   * then aborts the rest and puts them back due at once (not after a lease timeout), without
   * counting the interrupted run as an attempt. The task is left to the next run (the finish is
   * conditional, so nothing is charged twice). `close()` afterwards releases the connections.
   */
  drain(graceMs: number): Promise<DrainReport>;
  close(): Promise<void>;
}
