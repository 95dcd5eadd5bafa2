import type { Clock } from '../../engines/clock/clock.js';
import { hold, release, settle } from '../credits/credit-service.js';
import { ValidationError } from '../errors.js';
import { newId } from '../ids.js';
import type { Store } from '../store.js';
import type { AfterCommit, TaskEvents } from './task-events.js';
import type { Task } from './task.js';

/**
 * Tasks the API process runs itself while the client waits on the connection (a streamed text
 * generation): no job row. They keep every other rule of tasks: the hold is taken with the
 * insert, settled or released with the final status move, and finishing tells the task events
 * (webhooks) in the same transaction.
 */
export class InlineTasks {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: TaskEvents,
    private readonly webhookUrlProblem: (url: string) => string | null = () => null,
  ) {}

  /** Holds and inserts the task as processing. */
  async start(n: { accountId: string; kind: string; input: Record<string, unknown>; holdMillicredits: number; webhookUrl?: string | null }): Promise<Task> {
    const problem = n.webhookUrl ? this.webhookUrlProblem(n.webhookUrl) : null;
    if (problem) throw ValidationError.field('webhook_url', problem);
    const at = this.clock.nowIso();
    const task: Task = {
      id: newId(),
      accountId: n.accountId,
      kind: n.kind,
      status: 'processing',
      progress: 0,
      failedReason: null,
      input: n.input,
      result: {},
      heldMillicredits: n.holdMillicredits,
      chargedMillicredits: 0,
      webhookUrl: n.webhookUrl ?? null,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    };
    await this.store.transaction(async (tx) => {
      await hold(tx, n.accountId, task.id, n.holdMillicredits, at);
      await tx.tasks.insert(task);
    });
    return task;
  }

  async finish(taskId: string, result: Record<string, unknown>, costMillicredits: number): Promise<Task> {
    const at = this.clock.nowIso();
    return this.move(taskId, async (tx, current) => {
      const charged = await settle(tx, current.accountId, current.id, current.heldMillicredits, costMillicredits, at);
      return tx.tasks.transition(current.id, ['processing'], {
        status: 'done',
        progress: 100,
        result: { ...current.result, ...result },
        heldMillicredits: 0,
        chargedMillicredits: current.chargedMillicredits + charged,
        finishedAt: at,
      }, at);
    });
  }

  async fail(taskId: string, reason: string): Promise<Task> {
    const at = this.clock.nowIso();
    return this.move(taskId, async (tx, current) => {
      await release(tx, current.accountId, current.id, current.heldMillicredits, at);
      return tx.tasks.transition(current.id, ['processing'], { status: 'failed', failedReason: reason, heldMillicredits: 0, finishedAt: at }, at);
    });
  }

  private async move(taskId: string, change: (tx: Parameters<Parameters<Store['transaction']>[0]>[0], current: Task) => Promise<Task | null>): Promise<Task> {
    let after: AfterCommit[] = [];
    const moved = await this.store.transaction(async (tx) => {
      const current = await tx.tasks.get(taskId);
      if (!current || current.status !== 'processing') return current;
      const next = await change(tx, current);
      if (next) after = await this.events.taskFinished(next, tx);
      return next;
    });
    // Best effort: what the hooks hand off is already durable in the database.
    for (const hook of after) await hook().catch(() => undefined);
    if (!moved) throw new Error(`task ${taskId} vanished while running`);
    return moved;
  }
}
