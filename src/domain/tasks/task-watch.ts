import { NotFound } from '../../core/errors.js';
import type { TaskRepo } from '../../core/store.js';
import type { Task } from '../../core/task.js';
import type { TaskChangeFeed } from '../../engines/events/port.js';

/** One caller's view of one task as it changes; see `TaskWatcher.open`. */
export interface TaskWatch {
  /** The task as read once the subscription was live. */
  readonly first: Task;
  /**
   * Waits for a change (or a `reread()`), then reads the task again: the row as it is now, which
   * may show several changes at once or none. Null once the task is gone or the watch is closed.
   * One caller at a time: the next call starts after the previous one resolved.
   */
  next(): Promise<Task | null>;
  /** Asks `next` to read again without a change (a safety net for a change whose hint was lost). */
  reread(): void;
  close(): void;
}

/**
 * Watches a task of one account. It subscribes first and reads after, so a change made between
 * the two is never lost: it is either in the first read or announced to the subscription.
 */
export class TaskWatcher {
  constructor(
    private readonly tasks: Pick<TaskRepo, 'get'>,
    private readonly feed: TaskChangeFeed,
  ) {}

  /** Another account's task and an unknown id alike: 404, as every group's GET answers. */
  async open(accountId: string, taskId: string): Promise<TaskWatch> {
    let dirty = false;
    let closed = false;
    let wake: (() => void) | null = null;
    const poke = () => {
      dirty = true;
      wake?.();
    };
    const unsubscribe = await this.feed.subscribe(taskId, poke);
    const first = await this.tasks.get(taskId).catch((err: unknown) => {
      unsubscribe();
      throw err;
    });
    if (!first || first.accountId !== accountId) {
      unsubscribe();
      throw new NotFound('task');
    }
    const close = () => {
      closed = true;
      unsubscribe();
      wake?.();
    };
    return {
      first,
      next: async () => {
        while (!dirty && !closed) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (closed) return null;
        dirty = false;
        const task = await this.tasks.get(taskId);
        return task && task.accountId === accountId ? task : null;
      },
      reread: poke,
      close,
    };
  }
}
