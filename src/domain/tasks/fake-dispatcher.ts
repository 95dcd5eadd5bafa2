import type { JobRecord } from '../../core/store.js';
import type { Dispatcher } from './task-service.js';

/**
 * In-memory `Dispatcher` for unit tests: records each job handed over instead of queueing it.
 * `failWith` makes hand-offs fail as a queue outage would (the task stays in the outbox).
 */
export class RecordingDispatcher implements Dispatcher {
  readonly dispatched: JobRecord[] = [];
  failWith: Error | null = null;

  async dispatch(job: JobRecord): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.dispatched.push(job);
  }
}
