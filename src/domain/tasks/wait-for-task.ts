import type { Store } from '../../core/store.js';
import type { Task } from '../../core/task.js';

/**
 * A created task as it stands once done or failed, or at `waitMs`, or when `signal` aborts (the
 * caller stopped waiting, not the job): whichever comes first, read every `pollMs`. A task that
 * is gone meanwhile answers as it was created.
 */
export async function waitForTask(tasks: Pick<Store['tasks'], 'get'>, created: Task, waitMs: number, pollMs: number, signal?: AbortSignal): Promise<Task> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const task = await tasks.get(created.id);
    if (!task || task.status === 'done' || task.status === 'failed') return task ?? created;
    if (Date.now() >= deadline || signal?.aborted) return task;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
