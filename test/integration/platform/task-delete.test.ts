import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { systemClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

describe.each(databases)('deleting resources kept as tasks on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let accounts: AccountService;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    accounts = new AccountService(store, systemClock);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  const task = (id: string, accountId: string, kind: string): Task => {
    const at = new Date().toISOString();
    return {
      id,
      accountId,
      kind,
      status: 'done',
      progress: 100,
      failedReason: null,
      input: { name: id },
      result: { spec: { pitch: 0.9 } },
      heldMillicredits: 0,
      chargedMillicredits: 0,
      webhookUrl: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: at,
    };
  };

  it("deletes only the owner's task of the given kinds and returns what it deleted", async () => {
    const a = (await accounts.create('a', 0)).account_id;
    const b = (await accounts.create('b', 0)).account_id;
    const ids = { voice: crypto.randomUUID(), tts: crypto.randomUUID() };
    await store.tasks.insert(task(ids.voice, a, 'cloned_voice'));
    await store.tasks.insert(task(ids.tts, a, 'text_to_speech'));

    expect(await store.tasks.deleteOwned(ids.voice, b, ['cloned_voice'])).toBeNull();
    expect(await store.tasks.deleteOwned(ids.tts, a, ['cloned_voice'])).toBeNull();
    const deleted = await store.transaction((tx) => tx.tasks.deleteOwned(ids.voice, a, ['cloned_voice']));
    expect(deleted).toMatchObject({ id: ids.voice, accountId: a, kind: 'cloned_voice', input: { name: ids.voice }, result: { spec: { pitch: 0.9 } } });
    expect(await store.tasks.get(ids.voice)).toBeNull();
    expect(await store.tasks.deleteOwned(ids.voice, a, ['cloned_voice'])).toBeNull();
    expect(await store.tasks.get(ids.tts)).not.toBeNull();
  });
});
