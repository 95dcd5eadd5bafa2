import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * A migration meets the database as it was then, not as `schema.ts` describes it now: its builder
 * is `Kysely<unknown>`, and a migration that reads or writes rows names the columns it uses.
 */
type TablesAt0003 = {
  tasks: { id: string; kind: string; status: string; created_at: string; lease_until: string | null };
  jobs: { id: string; task_id: string | null };
};

/**
 * Migrations are code, ordered by name. Each one runs on SQLite and PostgreSQL alike, so the
 * types used are the portable subset (text, bigint, double precision, integer).
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    '0001_platform': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('balance_millicredits', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_millicredits >= 0`))
          .addColumn('webhook_secret', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('api_keys')
          .addColumn('api_id', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('key_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('revoked_at', 'text')
          .execute();
        await db.schema
          .createTable('credit_ledger')
          .addColumn('seq', sql.raw(serial), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('id', 'text', (c) => c.notNull().unique())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('task_id', 'text')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('amount_millicredits', 'bigint', (c) => c.notNull())
          .addColumn('balance_after_millicredits', 'bigint', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('credit_ledger_account').on('credit_ledger').columns(['account_id', 'seq']).execute();
        await db.schema.createIndex('credit_ledger_task').on('credit_ledger').column('task_id').execute();
        await db.schema
          .createTable('tasks')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
          .addColumn('failed_reason', 'text')
          .addColumn('input', 'text', (c) => c.notNull())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('held_millicredits', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('charged_millicredits', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('webhook_url', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('finished_at', 'text')
          .execute();
        await db.schema.createIndex('tasks_account_kind').on('tasks').columns(['account_id', 'kind', 'created_at']).execute();
        await db.schema
          .createTable('jobs')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('task_id', 'text')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_attempts', 'integer', (c) => c.notNull())
          .addColumn('run_at', 'text', (c) => c.notNull())
          .addColumn('locked_until', 'text')
          .addColumn('locked_by', 'text')
          .addColumn('last_error', 'text')
          .addColumn('dispatched_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
        await db.schema
          .createTable('links')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('url', 'text')
          .addColumn('facts', 'text', (c) => c.notNull())
          .addColumn('charged_millicredits', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('links_account').on('links').columns(['account_id', 'created_at']).execute();
        await db.schema
          .createTable('rate_buckets')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('tokens', 'double precision', (c) => c.notNull())
          .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    // Output retention: when the sweep should next take a task's files (null: never). A column
    // with an index, because the sweep asks "which tasks are due" across every account; partial,
    // since most tasks have no retention.
    '0002_task_purge_at': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('tasks').addColumn('purge_at', 'text').execute();
        await db.schema.createIndex('tasks_purge_at').on('tasks').column('purge_at').where(sql.ref('purge_at'), 'is not', null).execute();
      },
    },
    // Inline tasks (a streamed text generation run by the API process, no job row): the owner
    // process keeps `lease_until` in the future while it runs; a sweep fails the ones whose lease
    // lapsed (the process died) and releases their hold. A column, not JSON in the task, because
    // the sweep asks across every account and the heartbeat rewrites only this; indexed partially,
    // since only running inline tasks carry a lease.
    '0003_task_lease_until': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('tasks').addColumn('lease_until', 'text').execute();
        await db.schema.createIndex('tasks_lease_until').on('tasks').column('lease_until').where(sql.ref('lease_until'), 'is not', null).execute();
        // Streams a process left behind before leases existed: text tasks still processing with no
        // job row (a queued one has one). Leased to ten minutes after they started — longer than
        // any stream runs (the provider timeout is 2 min) — so the sweep ends them and releases
        // their holds without racing a stream an older process may still be finishing.
        const tables = db.withTables<TablesAt0003>();
        const stuck = await tables
          .selectFrom('tasks')
          .select(['id', 'created_at'])
          .where('kind', '=', 'text_generation')
          .where('status', '=', 'processing')
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('jobs').select('jobs.id').whereRef('jobs.task_id', '=', 'tasks.id'))))
          .execute();
        for (const t of stuck) {
          const leaseUntil = new Date(Date.parse(t.created_at) + 10 * 60_000).toISOString();
          await tables.updateTable('tasks').set({ lease_until: leaseUntil }).where('id', '=', t.id).execute();
        }
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('tasks_lease_until').execute();
        await db.schema.alterTable('tasks').dropColumn('lease_until').execute();
      },
    },
    // Idempotency keys: one row per (account, key) — the primary key makes taking a key one atomic
    // insert on both databases. The first response is kept as sent, so a repeat is answered byte
    // for byte. `expires_at` is indexed for the sweep that removes keys past their 24 h.
    '0004_idempotency_keys': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('lock_token', 'text')
          .addColumn('locked_until', 'text')
          .addColumn('response_status', 'integer')
          .addColumn('response_content_type', 'text')
          .addColumn('response_body', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
          .execute();
        await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('idempotency_keys').execute();
      },
    },
    // The cross-group task list (GET /api/tasks/): an account's tasks newest first (created_at,
    // then id), filtered by kind, status and creation time. Each index holds every column the list
    // filters or orders by, so a page's ids and a count come from index entries alone, and a
    // deep offset skips entries, never rows: one in time order for the whole list and time
    // windows, one per status (a rare status — processing, failed — is found without walking
    // the rest), and the per-kind index of the group lists gains id and status for the same on a
    // group. Measured at 100,000 tasks in one account by bench/tasks-list.ts.
    '0005_task_list_indexes': {
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('tasks_account_created').on('tasks').columns(['account_id', 'created_at', 'id', 'kind', 'status']).execute();
        await db.schema.createIndex('tasks_account_status').on('tasks').columns(['account_id', 'status', 'created_at', 'id', 'kind']).execute();
        await db.schema.dropIndex('tasks_account_kind').execute();
        await db.schema.createIndex('tasks_account_kind').on('tasks').columns(['account_id', 'kind', 'created_at', 'id', 'status']).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('tasks_account_created').execute();
        await db.schema.dropIndex('tasks_account_status').execute();
        await db.schema.dropIndex('tasks_account_kind').execute();
        await db.schema.createIndex('tasks_account_kind').on('tasks').columns(['account_id', 'kind', 'created_at']).execute();
      },
    },
    // How many tasks an account has, kept by the database itself: the cross-group list's `count`
    // without a filter (its first page, what a client opens) is then one row, not a walk over
    // every index entry of the account. Triggers, so no writer can forget it (a task is inserted
    // or deleted; its account never changes); they fire in the writer's transaction, where
    // creating a task already holds the account's row for the credit hold.
    '0006_account_task_count': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('accounts')
          .addColumn('task_count', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update accounts set task_count = (select count(*) from tasks where tasks.account_id = accounts.id)`.execute(db);
        if (dialect === 'postgres') {
          // Per statement, with the rows it touched: a bulk insert moves each account's count once.
          for (const [op, rows, sign] of [
            ['insert', 'new', '+'],
            ['delete', 'old', '-'],
          ] as const) {
            await sql
              .raw(`create function tasks_count_${op}() returns trigger language plpgsql as $$
              begin
                update accounts set task_count = task_count ${sign} changed.n
                  from (select account_id, count(*) as n from ${rows}_rows group by account_id) changed
                  where accounts.id = changed.account_id;
                return null;
              end $$`)
              .execute(db);
            await sql
              .raw(`create trigger tasks_count_${op} after ${op} on tasks referencing ${rows} table as ${rows}_rows
              for each statement execute function tasks_count_${op}()`)
              .execute(db);
          }
        } else {
          await sql`create trigger tasks_count_insert after insert on tasks begin
            update accounts set task_count = task_count + 1 where id = new.account_id; end`.execute(db);
          await sql`create trigger tasks_count_delete after delete on tasks begin
            update accounts set task_count = task_count - 1 where id = old.account_id; end`.execute(db);
        }
      },
      async down(db: Kysely<unknown>) {
        for (const op of ['insert', 'delete']) {
          await sql.raw(dialect === 'postgres' ? `drop trigger tasks_count_${op} on tasks` : `drop trigger tasks_count_${op}`).execute(db);
          if (dialect === 'postgres') await sql.raw(`drop function tasks_count_${op}()`).execute(db);
        }
        await db.schema.alterTable('accounts').dropColumn('task_count').execute();
      },
    },
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
