import { ListenerMap } from './listener-map.js';
import type { TaskChangeFeed, TaskChangeListener } from './port.js';

/**
 * One process's feed: the embedded mode (API and workers in one process) and the fake for tests.
 * Listeners are called on a later tick, as a remote feed would, never inside the publisher's call.
 */
export class MemoryTaskChangeFeed implements TaskChangeFeed {
  readonly kind = 'memory' as const;
  private readonly listeners = new ListenerMap();

  async publish(taskId: string): Promise<void> {
    setImmediate(() => this.listeners.notify(taskId));
  }

  async subscribe(taskId: string, listener: TaskChangeListener): Promise<() => void> {
    return this.listeners.add(taskId, listener);
  }

  async close(): Promise<void> {}
}
