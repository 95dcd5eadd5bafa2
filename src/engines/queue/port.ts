import type { JobRecord } from '../../domain/store.js';

export type RunVerdict = 'done' | 'retry' | 'failed';

export interface RunInfo {
  signal: AbortSignal;
  /** 1 for the first run of a job. */
  attempt: number;
  maxAttempts: number;
}

export type JobRunFn = (job: JobRecord, info: RunInfo) => Promise<RunVerdict>;

/**
 * The job queue port. Jobs are always written first to the `jobs` table in the task's
 * transaction (the outbox); `dispatch` tells the queue about a committed row.
 */
export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  dispatch(job: JobRecord): Promise<void>;
  startConsuming(run: JobRunFn): Promise<void>;
  /** Re-sends outbox rows the queue has not taken (after a crash between commit and dispatch). */
  startDispatcher(): void;
  close(): Promise<void>;
}
