import type { Repos } from '../../core/store.js';
import type { Task } from '../../core/task.js';

/** Work a subscriber wants done once the finishing transaction has committed (e.g. waking the queue). */
export type AfterCommit = () => Promise<void>;

/**
 * Told when a task reaches `done` or `failed` (a create or a follow-up). It is called inside the
 * transaction that moves the status, so a reaction written through `tx` (an outbox row) commits or
 * rolls back with it: a crash can never leave a finished task whose webhook was not recorded.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: most listeners return nothing, and an async function without a return is Promise<void>, which `undefined` does not accept
export type TaskFinishedListener = (task: Task, tx: Repos) => Promise<AfterCommit | void>;

/** The port the job runner reports to; `src/app` decides who listens. */
export interface TaskEvents {
  taskFinished(task: Task, tx: Repos): Promise<AfterCommit[]>;
}

/** Fan-out to any number of listeners, in subscription order. */
export class TaskEventBus implements TaskEvents {
  private readonly listeners: TaskFinishedListener[] = [];

  onTaskFinished(listener: TaskFinishedListener): this {
    this.listeners.push(listener);
    return this;
  }

  async taskFinished(task: Task, tx: Repos): Promise<AfterCommit[]> {
    const after: AfterCommit[] = [];
    for (const listener of this.listeners) {
      const hook = await listener(task, tx);
      if (hook) after.push(hook);
    }
    return after;
  }
}

export const noTaskEvents: TaskEvents = { taskFinished: async () => [] };
