import { describe, expect, it } from 'vitest';
import { NotFound } from '../../../src/core/errors.js';
import type { Task } from '../../../src/core/task.js';
import { TaskWatcher } from '../../../src/domain/tasks/task-watch.js';
import { MemoryTaskChangeFeed } from '../../../src/engines/events/memory-feed.js';

const task = (patch: Partial<Task> = {}): Task => ({
  id: 't1',
  accountId: 'a1',
  kind: 'tts',
  status: 'pending',
  progress: 0,
  failedReason: null,
  input: {},
  result: {},
  heldMillicredits: 0,
  chargedMillicredits: 0,
  webhookUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...patch,
});

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);

describe('TaskWatcher', () => {
  it('subscribes before the first read, so a change made during that read is not lost', async () => {
    const feed = new MemoryTaskChangeFeed();
    let row = task();
    let reads = 0;
    const repo = {
      async get() {
        reads++;
        const seen = row;
        if (reads === 1) {
          // The worker moves the task while the first read is on its way back with the old row.
          row = task({ status: 'processing', updatedAt: '2026-01-01T00:00:01.000Z' });
          await feed.publish('t1');
        }
        return seen;
      },
    };
    const watch = await new TaskWatcher(repo, feed).open('a1', 't1');
    expect(watch.first.status).toBe('pending');
    expect(await within(watch.next(), 1000)).toMatchObject({ status: 'processing' });
    watch.close();
  });

  it("answers 404 for another account's task and an unknown id, and leaves no subscription behind", async () => {
    const feed = new MemoryTaskChangeFeed();
    const subscriptions: string[] = [];
    const counting = {
      ...feed,
      kind: feed.kind,
      publish: feed.publish.bind(feed),
      close: feed.close.bind(feed),
      subscribe: async (id: string, l: () => void) => {
        subscriptions.push(id);
        const off = await feed.subscribe(id, l);
        return () => {
          subscriptions.splice(subscriptions.indexOf(id), 1);
          return off();
        };
      },
    };
    const watcher = new TaskWatcher({ get: async (id) => (id === 't1' ? task() : null) }, counting);
    await expect(watcher.open('someone-else', 't1')).rejects.toBeInstanceOf(NotFound);
    await expect(watcher.open('a1', 'unknown')).rejects.toBeInstanceOf(NotFound);
    expect(subscriptions).toEqual([]);
  });

  it('reads again on reread() without a change, and next() ends with null once closed', async () => {
    const feed = new MemoryTaskChangeFeed();
    let reads = 0;
    const reading = async () => {
      reads++;
      return task();
    };
    const watch = await new TaskWatcher({ get: reading }, feed).open('a1', 't1');
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(1);
    watch.reread();
    expect(await within(watch.next(), 1000)).toMatchObject({ id: 't1' });
    expect(reads).toBe(2);
    const pending = watch.next();
    watch.close();
    expect(await pending).toBeNull();
  });
});
