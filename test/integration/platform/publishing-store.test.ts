import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { publishingStore } from '../../../src/engines/db/publishing-store.js';
import type { TaskChangeFeed } from '../../../src/engines/events/port.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { systemClock } from '../../../src/core/clock.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

describe.each(databases)('the publishing store on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let accountId: string;
  /** What a subscriber would read at the moment each announcement is made. */
  const announced: { taskId: string; statusSeen: string | undefined }[] = [];

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    const plain = kyselyStore(opened.db, opened.dialect);
    const feed: TaskChangeFeed = {
      kind: 'memory',
      async publish(taskId) {
        announced.push({ taskId, statusSeen: (await plain.tasks.get(taskId))?.status });
      },
      subscribe: async () => () => undefined,
      close: async () => undefined,
    };
    store = publishingStore(plain, feed);
    accountId = (await new AccountService(plain, systemClock).create('pub', 1)).account_id;
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  const newTask = async (id: string): Promise<Task> => {
    const at = new Date().toISOString();
    const t: Task = {
      id,
      accountId,
      kind: 'test',
      status: 'pending',
      progress: 0,
      failedReason: null,
      input: {},
      result: {},
      heldMillicredits: 0,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    };
    await store.tasks.insert(t);
    return t;
  };
  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('announces a status move and a progress write, each once visible to readers', async () => {
    announced.length = 0;
    const t = await newTask(crypto.randomUUID());
    await store.tasks.transition(t.id, ['pending'], { status: 'processing' }, new Date().toISOString());
    await store.tasks.setProgress(t.id, 30, new Date().toISOString());
    await settle();
    expect(announced).toEqual([
      { taskId: t.id, statusSeen: 'processing' },
      { taskId: t.id, statusSeen: 'processing' },
    ]);
    // A move that finds the task elsewhere changes nothing and announces nothing.
    await store.tasks.transition(t.id, ['pending'], { status: 'failed' }, new Date().toISOString());
    await settle();
    expect(announced).toHaveLength(2);
  });

  it('announces a change made in a transaction only after the commit, and nothing for a rollback', async () => {
    announced.length = 0;
    const t = await newTask(crypto.randomUUID());
    await store.transaction(async (tx) => {
      await tx.tasks.transition(t.id, ['pending'], { status: 'processing' }, new Date().toISOString());
      await settle();
      expect(announced).toEqual([]);
    });
    await settle();
    expect(announced).toEqual([{ taskId: t.id, statusSeen: 'processing' }]);

    await expect(
      store.transaction(async (tx) => {
        await tx.tasks.transition(t.id, ['processing'], { status: 'done' }, new Date().toISOString());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    expect(announced).toHaveLength(1);
    expect((await store.tasks.get(t.id))!.status).toBe('processing');
  });
});
