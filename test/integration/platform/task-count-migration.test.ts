import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/core/clock.js';
import { newId } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { migrationProvider } from '../../../src/engines/db/migrations.js';
import { migrate, openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

/** The account's task count that the task list's unfiltered `count` reads (migration 0006). */
describe.each(databases)('migration 0006 (task count per account) on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  const clock = fixedClock(Date.UTC(2025, 5, 1, 12, 0, 0));

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  const task = (accountId: string, kind = 'text_to_speech'): Task => ({
    id: newId(),
    accountId,
    kind,
    status: 'pending',
    progress: 0,
    failedReason: null,
    input: {},
    result: {},
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: clock.nowIso(),
    updatedAt: clock.nowIso(),
    finishedAt: null,
  });
  const counted = (accountId: string) => store.tasks.countListed(accountId, {});
  const walked = (accountId: string) => store.tasks.countListed(accountId, { statuses: ['pending', 'processing', 'done', 'failed'] });

  it('counts the tasks an older database already has, then follows every insert and delete, bulk ones too', async () => {
    const accounts = new AccountService(store, clock);
    const a = (await accounts.create('a', 10)).account_id;
    const b = (await accounts.create('b', 10)).account_id;
    const down = await new Migrator({ db: opened.db, provider: migrationProvider(opened.dialect) }).migrateTo('0005_task_list_indexes');
    expect(down.error).toBeUndefined();
    for (let i = 0; i < 3; i++) await store.tasks.insert(task(a));
    await store.tasks.insert(task(b));
    await migrate(opened);
    expect([await counted(a), await counted(b)]).toEqual([3, 1]);

    // One statement, rows of two accounts.
    const bulk = [task(a), task(a), task(b)].map((t) => ({
      id: t.id,
      account_id: t.accountId,
      kind: t.kind,
      status: t.status,
      progress: 0,
      failed_reason: null,
      input: '{}',
      result: '{}',
      held_millicredits: 0,
      charged_millicredits: 0,
      webhook_url: null,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
      finished_at: null,
      purge_at: null,
      lease_until: null,
    }));
    await opened.db.insertInto('tasks').values(bulk).execute();
    expect([await counted(a), await counted(b)]).toEqual([5, 2]);

    const voice = task(a, 'cloned_voice');
    await store.transaction(async (tx) => tx.tasks.insert(voice));
    expect(await counted(a)).toBe(6);
    expect(await store.tasks.deleteOwned(voice.id, a, ['cloned_voice'])).not.toBeNull();
    // A transaction that rolls back leaves the count as it was.
    await expect(
      store.transaction(async (tx) => {
        await tx.tasks.insert(task(a));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect([await counted(a), await counted(b)]).toEqual([5, 2]);
    expect([await walked(a), await walked(b)]).toEqual([5, 2]);
  });
});
