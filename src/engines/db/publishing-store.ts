import type { Repos, Store, TaskRepo } from '../../core/store.js';
import type { TaskChangeFeed } from '../events/port.js';

/**
 * The store, announcing every change of a task's status or progress on the feed once it is
 * visible to readers: at once for a write outside a transaction, after the commit for one inside
 * (a rolled-back change announces nothing). Wrapping the store catches every writer (job runner,
 * finisher, follow-ups, inline tasks, the lease sweep) without any of them knowing about the feed.
 */
export function publishingStore(store: Store, feed: TaskChangeFeed): Store {
  return {
    ...store,
    tasks: announcingTasks(store.tasks, (id) => void feed.publish(id)),
    async transaction(fn) {
      const changed = new Set<string>();
      const result = await store.transaction((tx) => fn({ ...tx, tasks: announcingTasks(tx.tasks, (id) => changed.add(id)) } satisfies Repos));
      for (const id of changed) void feed.publish(id);
      return result;
    },
  };
}

function announcingTasks(tasks: TaskRepo, changed: (taskId: string) => void): TaskRepo {
  return {
    ...tasks,
    async transition(id, from, patch, at) {
      const moved = await tasks.transition(id, from, patch, at);
      if (moved) changed(id);
      return moved;
    },
    async setProgress(id, progress, at) {
      await tasks.setProgress(id, progress, at);
      changed(id);
    },
  };
}
