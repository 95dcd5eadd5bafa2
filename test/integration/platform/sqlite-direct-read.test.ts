import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import type { Store } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { freshSqlite } from '../../helpers/databases.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { systemClock } from '../../../src/core/clock.js';

function task(id: string, accountId: string): Task {
  const at = new Date().toISOString();
  return {
    id,
    accountId,
    kind: 'tts',
    status: 'pending',
    progress: 0,
    failedReason: null,
    input: { text: 'hi' },
    result: {},
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
  };
}

describe('direct reads of the embedded database (the polling path)', () => {
  let db: Awaited<ReturnType<typeof freshSqlite>>;
  let opened: OpenDatabase;
  let store: Store;
  let queued: Store;
  let accountId: string;

  beforeEach(async () => {
    db = await freshSqlite();
    opened = await openDatabase({ databaseUrl: null, dataDir: db.dataDir });
    store = kyselyStore(opened.db, opened.dialect, opened.direct);
    queued = kyselyStore(opened.db, opened.dialect);
    accountId = (await new AccountService(store, systemClock).create('direct', 1)).account_id;
  });
  afterEach(async () => {
    await opened.close();
    await db.drop();
  });

  it('is offered by SQLite only, and reads what the queued path reads', async () => {
    expect(opened.direct).toBeDefined();
    await store.tasks.insert(task('t1', accountId));
    expect(await store.tasks.getOwned('t1', accountId, ['tts', 'aurora'])).toEqual(await queued.tasks.getOwned('t1', accountId, ['tts', 'aurora']));
    expect(await store.tasks.getOwned('t1', accountId, ['aurora'])).toBeNull();
    expect(await store.tasks.getOwned('t1', 'someone-else', ['tts'])).toBeNull();
  });

  it("never reads another caller's uncommitted writes: inside an open transaction it waits for the queued path", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const tx = store.transaction(async (trx) => {
      await trx.tasks.insert(task('t2', accountId));
      inside();
      await held;
      throw new Error('roll back');
    });
    await entered;
    expect(opened.direct!.row('select 1 as one', [])).toBe('busy');
    const read = store.tasks.getOwned('t2', accountId, ['tts']);
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await read).toBeNull();
  });
});
