import { chargeWithinHold, release, settle } from '../credits/credit-service.js';
import type { Repos } from '../../core/store.js';
import { expiryOf } from './retention.js';
import { noTaskEvents, type AfterCommit, type TaskEvents } from './task-events.js';
import type { Task } from '../../core/task.js';

/** A task the finisher moved, and what its listeners want done once the transaction commits. */
export interface FinishedTask {
  task: Task;
  afterCommit: AfterCommit[];
}

export interface DoneOutcome {
  /** Fields merged over the task's current result. */
  result: Record<string, unknown>;
  /** What the work actually cost; the charge is capped at the hold (`chargeWithinHold`). */
  costMillicredits: number;
}

/**
 * The one way a running task ends, whoever ran it (the job runner, or the API process for an
 * inline task): in the caller's transaction it moves the task from `processing` to `done` or
 * `failed`, settles or releases its hold, schedules the retention sweep (`retention.ts`), clears
 * any inline lease, and tells the task events (webhooks) — so the two paths cannot drift.
 *
 * The conditional status move comes first and is the claim: when another finisher got there
 * first (a job delivered twice, an owner and the lease sweep), the move finds nothing and no
 * credit moves, even if the caller's snapshot of the task is stale.
 */
export class TaskFinisher {
  constructor(private readonly events: TaskEvents = noTaskEvents) {}

  /** `current` is the task as the caller read it in `tx`; null when it was no longer processing. */
  async finishDone(tx: Repos, current: Task, outcome: DoneOutcome, at: string): Promise<FinishedTask | null> {
    if (current.status !== 'processing') return null;
    const charge = chargeWithinHold(current.heldMillicredits, outcome.costMillicredits);
    // A task with a retention learns when its files expire as it finishes; the sweep takes them then.
    // Inline tasks are created without one, so for them this is null and nothing is scheduled.
    const expiresAt = expiryOf(current, at);
    const finished = await tx.tasks.transition(
      current.id,
      ['processing'],
      {
        status: 'done',
        progress: 100,
        result: { ...current.result, ...outcome.result, ...(expiresAt ? { expiresAt } : {}) },
        heldMillicredits: 0,
        chargedMillicredits: current.chargedMillicredits + charge,
        finishedAt: at,
        purgeAt: expiresAt,
        leaseUntil: null,
      },
      at,
    );
    if (!finished) return null;
    await settle(tx, current.accountId, current.id, current.heldMillicredits, outcome.costMillicredits, at);
    return { task: finished, afterCommit: await this.events.taskFinished(finished, tx) };
  }

  /** As `finishDone`, for a failure: the hold goes back whole and `reason` is what the client reads. */
  async finishFailed(tx: Repos, current: Task, reason: string, at: string): Promise<FinishedTask | null> {
    if (current.status !== 'processing') return null;
    const failed = await tx.tasks.transition(
      current.id,
      ['processing'],
      {
        status: 'failed',
        failedReason: reason,
        heldMillicredits: 0,
        finishedAt: at,
        leaseUntil: null,
      },
      at,
    );
    if (!failed) return null;
    await release(tx, current.accountId, current.id, current.heldMillicredits, at);
    return { task: failed, afterCommit: await this.events.taskFinished(failed, tx) };
  }
}

/**
 * Runs the hand-offs of a committed finish. Best effort: what they hand off is already durable in
 * the database (the outbox sweep covers a failed one), so an error is only reported.
 */
export async function runAfterCommit(finished: FinishedTask | null, onError: (err: unknown) => void): Promise<void> {
  for (const hook of finished?.afterCommit ?? []) await hook().catch(onError);
}
