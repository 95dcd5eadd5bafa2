import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/store.js';
import type { Task } from '../../../src/core/task.js';
import { compiledOnce } from '../../../src/engines/db/compiled-once.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const at = '2025-01-01T00:00:00.000Z';
const task = (id: string, accountId: string, kind: string): Task => ({
  id,
  accountId,
  kind,
  status: 'pending',
  progress: 0,
  failedReason: null,
  input: { n: id },
  result: {},
  heldMillicredits: 0,
  chargedMillicredits: 0,
  webhookUrl: null,
  createdAt: at,
  updatedAt: at,
  finishedAt: null,
});

describe.each(databases)('queries compiled once on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    for (const a of ['acc-1', 'acc-2']) await store.accounts.create({ id: a, name: a, createdAt: at });
    await store.tasks.insert(task('t-1', 'acc-1', 'text_to_speech'));
    await store.tasks.insert(task('t-2', 'acc-1', 'lipsync'));
    await store.tasks.insert(task('t-3', 'acc-2', 'text_to_speech'));
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  it("builds once per shape and binds each call's own parameters", async () => {
    let builds = 0;
    const owned = compiledOnce({
      build: (db, id: string, accountId: string, kinds: string[]) => {
        builds++;
        return db.selectFrom('tasks').select('id').where('id', '=', id).where('account_id', '=', accountId).where('kind', 'in', kinds);
      },
      parameters: (id: string, accountId: string, kinds: string[]) => [id, accountId, ...kinds],
      shape: (_id: string, _accountId: string, kinds: string[]) => String(kinds.length),
    });
    const ids = async (...args: [string, string, string[]]) => (await owned(opened.db, opened.dialect, ...args)).map((r) => r.id);
    expect(await ids('t-1', 'acc-1', ['text_to_speech'])).toEqual(['t-1']);
    expect(await ids('t-3', 'acc-2', ['text_to_speech'])).toEqual(['t-3']);
    expect(await ids('t-3', 'acc-1', ['text_to_speech'])).toEqual([]);
    expect(await ids('t-2', 'acc-1', ['text_to_speech'])).toEqual([]);
    expect(builds).toBe(1);
    expect(await ids('t-2', 'acc-1', ['text_to_speech', 'lipsync'])).toEqual(['t-2']);
    expect(await ids('t-1', 'acc-1', ['lipsync', 'text_to_speech'])).toEqual(['t-1']);
    expect(builds).toBe(2);
  });

  it('refuses a spec whose parameters are not in the order the query binds them', async () => {
    const swapped = compiledOnce({
      build: (db, id: string, accountId: string) => db.selectFrom('tasks').select('id').where('id', '=', id).where('account_id', '=', accountId),
      parameters: (id: string, accountId: string) => [accountId, id],
      shape: () => '',
    });
    await expect(swapped(opened.db, opened.dialect, 't-1', 'acc-1')).rejects.toThrow(/parameters/);
  });

  it('getOwned answers the owner only, for the listed kinds, in and out of a transaction, and sees every status move', async () => {
    expect((await store.tasks.getOwned('t-1', 'acc-1', ['text_to_speech']))?.input).toEqual({ n: 't-1' });
    expect(await store.tasks.getOwned('t-1', 'acc-2', ['text_to_speech'])).toBeNull();
    expect(await store.tasks.getOwned('t-1', 'acc-1', ['lipsync'])).toBeNull();
    expect(await store.tasks.getOwned('t-1', 'acc-1', [])).toBeNull();
    expect((await store.transaction((tx) => tx.tasks.getOwned('t-2', 'acc-1', ['lipsync', 'x'])))?.id).toBe('t-2');
    await store.tasks.transition('t-1', ['pending'], { status: 'processing', progress: 40 }, at);
    expect((await store.tasks.getOwned('t-1', 'acc-1', ['text_to_speech']))?.status).toBe('processing');
  });
});
