import type { TaskChangeListener } from './port.js';

/** Listeners by task id, shared by the feeds: each process keeps its own subscribers here. */
export class ListenerMap {
  private readonly byTask = new Map<string, Set<TaskChangeListener>>();

  add(taskId: string, listener: TaskChangeListener): () => void {
    const set = this.byTask.get(taskId) ?? new Set<TaskChangeListener>();
    this.byTask.set(taskId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTask.get(taskId) === set) this.byTask.delete(taskId);
    };
  }

  notify(taskId: string): void {
    for (const listener of this.byTask.get(taskId) ?? []) callSafely(listener);
  }

  notifyAll(): void {
    for (const set of this.byTask.values()) for (const listener of set) callSafely(listener);
  }

  get size(): number {
    return this.byTask.size;
  }
}

// One subscriber's failure must not keep the others from hearing about the change.
function callSafely(listener: TaskChangeListener): void {
  try {
    listener();
  } catch {
    /* the subscriber owns its errors */
  }
}
