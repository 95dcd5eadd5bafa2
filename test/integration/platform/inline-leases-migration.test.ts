import { type Kysely, Migrator } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { hold } from '../../../src/domain/credits/credit-service.js';
import { newId } from '../../../src/core/ids.js';
import type { Store } from '../../../src/core/store.js';
import { ABANDONED_REASON, InlineTasks } from '../../../src/domain/tasks/inline-tasks.js';
import { noTaskEvents } from '../../../src/domain/tasks/task-events.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { migrationProvider } from '../../../src/engines/db/migrations.js';
import { migrate, openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { InlineLeaseSweep } from '../../../src/jobs/schedules/inline-leases.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

/** Streams left stuck before leases existed get one from migration 0003, and the sweep ends them. */
describe.each(databases)('migration 0003 on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  const started = Date.UTC(2025, 5, 1, 12, 0, 0);
  const clock = fixedClock(started);

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  it('leases the stuck streamed text tasks ten minutes after they started, and only those', async () => {
    const accountId = (await new AccountService(store, clock).create('old', 10)).account_id;
    // Back to the schema before leases, as a database from the previous version.
    // Later migrations are undone on the way, whatever they are.
    const down = await new Migrator({ db: opened.db, provider: migrationProvider(opened.dialect) }).migrateTo('0002_task_purge_at');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '0003_task_lease_until', direction: 'Down', status: 'Success' });

    const at = clock.nowIso();
    const row = (id: string, kind: string, status: string) => ({
      id,
      account_id: accountId,
      kind,
      status,
      progress: 0,
      failed_reason: null,
      input: '{}',
      result: '{}',
      held_millicredits: 1000,
      charged_millicredits: 0,
      webhook_url: null,
      created_at: at,
      updated_at: at,
      finished_at: null,
      purge_at: null,
    });
    const stuck = newId();
    const queued = newId();
    const otherKind = newId();
    await store.transaction(async (tx) => {
      for (const id of [stuck, queued, otherKind]) await hold(tx, accountId, id, 1000, at);
    });
    // The tasks table as it was before migration 0003 (no lease column), which the database's type no longer describes.
    type PreLeaseDatabase = { tasks: ReturnType<typeof row> };
    await (opened.db as unknown as Kysely<PreLeaseDatabase>)
      .insertInto('tasks')
      .values([row(stuck, 'text_generation', 'processing'), row(queued, 'text_generation', 'processing'), row(otherKind, 'tts', 'processing')])
      .execute();
    // The queued text task has its job row; the stuck stream has none.
    await store.jobs.insert(
      {
        id: queued,
        taskId: queued,
        name: 'text_generation.generate',
        payload: {},
        status: 'running',
        attempts: 1,
        maxAttempts: 3,
        runAt: at,
        lockedUntil: at,
        lockedBy: 'w',
        lastError: null,
        dispatchedAt: at,
      },
      at,
    );

    await migrate(opened);
    const leases = Object.fromEntries((await opened.db.selectFrom('tasks').select(['id', 'lease_until']).execute()).map((r) => [r.id, r.lease_until]));
    expect(leases[stuck]).toBe(new Date(started + 10 * MINUTE).toISOString());
    expect(leases[queued]).toBeNull();
    expect(leases[otherKind]).toBeNull();

    const sweep = new InlineLeaseSweep(store, new InlineTasks(store, clock, noTaskEvents), clock, log, { intervalMs: MINUTE });
    clock.advance(10 * MINUTE);
    expect((await sweep.sweepOnce()).failedTaskIds).toEqual([]);
    clock.advance(1);
    expect((await sweep.sweepOnce()).failedTaskIds).toEqual([stuck]);
    expect(await store.tasks.get(stuck)).toMatchObject({ status: 'failed', failedReason: ABANDONED_REASON, heldMillicredits: 0 });
    expect((await store.ledger.listForTask(stuck)).map((e) => e.kind)).toEqual(['hold', 'release']);
    expect((await store.accounts.get(accountId))!.balanceMillicredits).toBe(10_000 - 2000);
    expect((await store.tasks.get(queued))!.status).toBe('processing');
  });
});
