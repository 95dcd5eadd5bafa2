import type { Clock } from '../../core/clock.js';
import { hold } from '../credits/credit-service.js';
import { ValidationError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Store } from '../../core/store.js';
import type { TaskEvents } from './task-events.js';
import { runAfterCommit, TaskFinisher, type FinishedTask } from './task-finisher.js';
import { newTaskRecord, type Task } from '../../core/task.js';

/** How long an inline task stays vouched for without a renewal, and how often its process renews it. */
export interface InlineLeaseOptions {
  leaseMs: number;
  renewEveryMs: number;
}

const DEFAULT_LEASE: InlineLeaseOptions = { leaseMs: 30_000, renewEveryMs: 10_000 };

/** What a person reads on a task whose process died while running it. */
export const ABANDONED_REASON =
  'The server running this request stopped before it finished (it crashed or was restarted); nothing was charged — send the request again.';

type Tx = Parameters<Parameters<Store['transaction']>[0]>[0];

/**
 * Tasks the API process runs itself while the client waits on the connection (a streamed text
 * generation): no job row. They keep every other rule of tasks: the hold is taken with the
 * insert, and the final move is the job runner's own `TaskFinisher` (settle or release, retention,
 * task events for webhooks, all in one transaction).
 *
 * With no job row there is no queue lease to notice a dead process, so the task carries its own:
 * `lease_until`, set at the insert and pushed forward every `renewEveryMs` (real time; the value
 * is the clock port's now + `leaseMs`) while this process holds the task. A process that dies
 * stops renewing, and `failAbandoned` (called by the lease sweep, `jobs/schedules/inline-leases.ts`)
 * fails the task once and releases its hold. Every final move first takes the row with a
 * conditional UPDATE, so an owner finishing late and a sweep never both move credits.
 */
export class InlineTasks {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    events: TaskEvents,
    private readonly webhookUrlProblem: (url: string) => string | null = () => null,
    private readonly lease: InlineLeaseOptions = DEFAULT_LEASE,
  ) {
    this.finisher = new TaskFinisher(events);
  }

  private readonly finisher: TaskFinisher;

  /** The tasks this process runs and renews, each with the signal that fires if it loses one. */
  private readonly held = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;

  /** Holds and inserts the task as processing, leased to this process until it finishes or fails. */
  async start(n: { accountId: string; kind: string; input: Record<string, unknown>; holdMillicredits: number; webhookUrl?: string | null }): Promise<Task> {
    const problem = n.webhookUrl ? this.webhookUrlProblem(n.webhookUrl) : null;
    if (problem) throw ValidationError.field('webhook_url', problem);
    const at = this.clock.nowIso();
    const task = newTaskRecord(
      {
        id: newId(),
        accountId: n.accountId,
        kind: n.kind,
        status: 'processing',
        input: n.input,
        result: {},
        heldMillicredits: n.holdMillicredits,
        webhookUrl: n.webhookUrl,
      },
      at,
    );
    await this.store.transaction(async (tx) => {
      await hold(tx, n.accountId, task.id, n.holdMillicredits, at);
      await tx.tasks.insert(task);
      await tx.tasks.renewLease(task.id, this.leaseFromNow());
    });
    this.held.set(task.id, new AbortController());
    this.timer ??= setInterval(() => void this.renewLeases(), this.lease.renewEveryMs);
    // Renewing alone must not keep a process alive.
    this.timer.unref();
    return task;
  }

  /**
   * Fires when this process lost the task while running it: its lease lapsed (this process was
   * stalled longer than the lease) and the sweep failed it. The work can stop; nothing it
   * finishes will be saved.
   */
  lostSignal(taskId: string): AbortSignal | undefined {
    return this.held.get(taskId)?.signal;
  }

  /** Pushes every held task's lease forward once (the timer calls it; tests call it to play a live process). */
  async renewLeases(): Promise<void> {
    // One renewal at a time: a slow database must not pile them up.
    this.renewing ??= (async () => {
      const until = this.leaseFromNow();
      for (const [taskId, lost] of [...this.held]) {
        // A failed write is retried at the next beat; the lease is several beats long.
        const stillOurs = await this.store.tasks.renewLease(taskId, until).catch(() => true);
        if (!stillOurs && this.held.get(taskId) === lost) {
          this.letGo(taskId);
          lost.abort(new Error('the task was taken over while running (its lease lapsed)'));
        }
      }
    })().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /**
   * Stops renewing every lease this process holds, without finishing the tasks: what a dying
   * process does. Their leases lapse and the sweep fails them (shutdown, tests).
   */
  stopRenewing(): void {
    this.held.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * The sweep's move: fails a task whose lease lapsed before now with `ABANDONED_REASON`, releases
   * its hold and tells the task events, all in one transaction. Returns the failed task, or null
   * when it was not lapsed any more (another sweep took it, or its owner finished or renewed it).
   */
  async failAbandoned(taskId: string): Promise<Task | null> {
    const at = this.clock.nowIso();
    return this.move(
      (tx) => tx.tasks.claimLapsed(taskId, at, at),
      (tx, current) => this.finisher.finishFailed(tx, current, ABANDONED_REASON, at),
    );
  }

  async finish(taskId: string, result: Record<string, unknown>, costMillicredits: number): Promise<Task> {
    const at = this.clock.nowIso();
    return this.ownerMove(taskId, (tx, current) => this.finisher.finishDone(tx, current, { result, costMillicredits }, at));
  }

  async fail(taskId: string, reason: string): Promise<Task> {
    const at = this.clock.nowIso();
    return this.ownerMove(taskId, (tx, current) => this.finisher.finishFailed(tx, current, reason, at));
  }

  /**
   * The owner's final move. It first takes the row by clearing the lease with a conditional
   * UPDATE (in PostgreSQL a row lock held to commit), so a sweep that failed the task first
   * leaves nothing to take: the task is returned as the sweep left it, credits untouched.
   */
  private async ownerMove(taskId: string, change: (tx: Tx, current: Task) => Promise<FinishedTask | null>): Promise<Task> {
    try {
      const at = this.clock.nowIso();
      const moved = await this.move(
        (tx) => tx.tasks.transition(taskId, ['processing'], { leaseUntil: null }, at),
        change,
        (tx) => tx.tasks.get(taskId),
      );
      if (!moved) throw new Error(`task ${taskId} vanished while running`);
      return moved;
    } finally {
      this.letGo(taskId);
    }
  }

  /** Takes the row (`take`), then finishes it; `otherwise` says what a caller gets when there was nothing to take. */
  private async move(
    take: (tx: Tx) => Promise<Task | null>,
    finish: (tx: Tx, current: Task) => Promise<FinishedTask | null>,
    otherwise: (tx: Tx) => Promise<Task | null> = async () => null,
  ): Promise<Task | null> {
    let finished: FinishedTask | null = null;
    const moved = await this.store.transaction(async (tx) => {
      const current = await take(tx);
      if (!current) return otherwise(tx);
      finished = await finish(tx, current);
      return finished?.task ?? null;
    });
    // Best effort: what the hooks hand off is already durable in the database.
    await runAfterCommit(finished, () => undefined);
    return moved;
  }

  private letGo(taskId: string): void {
    this.held.delete(taskId);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private leaseFromNow(): string {
    return new Date(this.clock.nowMs() + this.lease.leaseMs).toISOString();
  }
}
