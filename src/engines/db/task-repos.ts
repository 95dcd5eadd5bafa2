import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobRepo, LinkRepo, ListQuery, RateBucketRepo, TaskListFilter, TaskRepo } from '../../core/store.js';
import { compiledOnce } from './compiled-once.js';
import { jobFromRow, linkFromRow, taskFromRow } from './rows.js';
import type { Database, TasksTable } from './schema.js';
import type { DirectRowReader } from './sqlite-direct-read.js';
import type { DialectName } from './open-database.js';

const MAX_LIST = 500;

// What every poll runs: compiled once per number of kinds.
const selectOwnedTask = compiledOnce({
  build: (db, id: string, accountId: string, kinds: string[]) =>
    db.selectFrom('tasks').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('kind', 'in', kinds),
  parameters: (id: string, accountId: string, kinds: string[]) => [id, accountId, ...kinds],
  shape: (_id: string, _accountId: string, kinds: string[]) => String(kinds.length),
});

// The same query as `selectOwnedTask`, written out for the direct reader (SQLite's `?` placeholders).
const ownedTaskSql = (kindCount: number) =>
  `select * from "tasks" where "id" = ? and "account_id" = ? and "kind" in (${Array.from({ length: kindCount }, () => '?').join(', ')})`;

/** An account's tasks the filter keeps: every condition is on columns each index of migration 0005 holds. */
function listedTasks(db: Kysely<Database>, accountId: string, filter: TaskListFilter) {
  let query = db.selectFrom('tasks').where('account_id', '=', accountId);
  if (filter.kinds) query = filter.kinds.length ? query.where('kind', 'in', filter.kinds) : query.where(sql<boolean>`1 = 0`);
  if (filter.statuses) query = filter.statuses.length ? query.where('status', 'in', filter.statuses) : query.where(sql<boolean>`1 = 0`);
  if (filter.createdAfter !== undefined) query = query.where('created_at', '>', filter.createdAfter);
  if (filter.createdBefore !== undefined) query = query.where('created_at', '<', filter.createdBefore);
  return query;
}

/**
 * One page of the cross-group list: the page's ids first, from index entries alone (a deep offset
 * skips entries, never rows), then only those rows — a "deferred join", in one statement. Of the
 * indexes of migration 0005 each database picks the one whose leading columns the filter fixes
 * (a status, a kind) or the time-ordered one; bench/tasks-list.ts --plans prints the plans.
 * Exported for that benchmark.
 */
export function taskPageQuery(db: Kysely<Database>, accountId: string, filter: TaskListFilter, offset: number, limit: number) {
  const ids = listedTasks(db, accountId, filter).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  return db.selectFrom('tasks').selectAll().where('id', 'in', ids).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

function isEmptyFilter(filter: TaskListFilter): boolean {
  return !filter.kinds && !filter.statuses && filter.createdAfter === undefined && filter.createdBefore === undefined;
}

export function taskCountQuery(db: Kysely<Database>, accountId: string, filter: TaskListFilter) {
  return listedTasks(db, accountId, filter).select(sql<number>`count(*)`.as('n'));
}

export function taskRepo(db: Kysely<Database>, dialect: DialectName, direct?: DirectRowReader): TaskRepo {
  return {
    async insert(t) {
      await db
        .insertInto('tasks')
        .values({
          id: t.id,
          account_id: t.accountId,
          kind: t.kind,
          status: t.status,
          progress: t.progress,
          failed_reason: t.failedReason,
          input: JSON.stringify(t.input),
          result: JSON.stringify(t.result),
          held_millicredits: t.heldMillicredits,
          charged_millicredits: t.chargedMillicredits,
          webhook_url: t.webhookUrl,
          created_at: t.createdAt,
          updated_at: t.updatedAt,
          finished_at: t.finishedAt,
          purge_at: null,
          lease_until: null,
        })
        .execute();
    },
    async get(id) {
      const r = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? taskFromRow(r) : null;
    },
    async getOwned(id, accountId, kinds) {
      if (kinds.length === 0) return null;
      const read = direct?.row<Selectable<TasksTable>>(ownedTaskSql(kinds.length), [id, accountId, ...kinds]);
      if (read !== undefined && read !== 'busy') return read.found ? taskFromRow(read.found) : null;
      const [r] = await selectOwnedTask(db, dialect, id, accountId, kinds);
      return r ? taskFromRow(r) : null;
    },
    async list(accountId, kinds, q: ListQuery) {
      const direction = q.descending === false ? 'asc' : 'desc';
      // `id` breaks ties of the time, so consecutive pages neither repeat nor skip a task.
      const rows = await ownTasksMatching(db, accountId, kinds, q)
        .selectAll()
        .orderBy(q.orderBy ?? 'created_at', direction)
        .orderBy('id', direction)
        .limit(Math.min(q.limit ?? MAX_LIST, MAX_LIST))
        .offset(q.offset ?? 0)
        .execute();
      return rows.map(taskFromRow);
    },
    async countMatching(accountId, kinds, q) {
      const r = await ownTasksMatching(db, accountId, kinds, q).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async listPage(accountId, filter, offset, limit) {
      return (await taskPageQuery(db, accountId, filter, offset, limit).execute()).map(taskFromRow);
    },
    async countListed(accountId, filter) {
      // No filter: the account's own count (migration 0006), whatever its size.
      if (isEmptyFilter(filter)) {
        const r = await db.selectFrom('accounts').select('task_count').where('id', '=', accountId).executeTakeFirst();
        return Number(r?.task_count ?? 0);
      }
      return Number((await taskCountQuery(db, accountId, filter).executeTakeFirstOrThrow()).n);
    },
    async transition(id, from, patch, at) {
      const set: Record<string, unknown> = { updated_at: at };
      if (patch.status !== undefined) set.status = patch.status;
      if (patch.progress !== undefined) set.progress = patch.progress;
      if (patch.failedReason !== undefined) set.failed_reason = patch.failedReason;
      if (patch.result !== undefined) set.result = JSON.stringify(patch.result);
      if (patch.input !== undefined) set.input = JSON.stringify(patch.input);
      if (patch.heldMillicredits !== undefined) set.held_millicredits = patch.heldMillicredits;
      if (patch.chargedMillicredits !== undefined) set.charged_millicredits = patch.chargedMillicredits;
      if (patch.finishedAt !== undefined) set.finished_at = patch.finishedAt;
      if (patch.purgeAt !== undefined) set.purge_at = patch.purgeAt;
      if (patch.leaseUntil !== undefined) set.lease_until = patch.leaseUntil;
      const r = await db.updateTable('tasks').set(set).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();
      return r ? taskFromRow(r) : null;
    },
    async setProgress(id, progress, at) {
      await db.updateTable('tasks').set({ progress, updated_at: at }).where('id', '=', id).where('status', '=', 'processing').execute();
    },
    async countOwned(accountId, kinds, statuses) {
      if (statuses.length === 0) return 0;
      const r = await db
        .selectFrom('tasks')
        .select(sql<number>`count(*)`.as('n'))
        .where('account_id', '=', accountId)
        .where('kind', 'in', kinds)
        .where('status', 'in', statuses)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async deleteOwned(id, accountId, kinds) {
      const r = await db
        .deleteFrom('tasks')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('kind', 'in', kinds)
        .returningAll()
        .executeTakeFirst();
      return r ? taskFromRow(r) : null;
    },
    async duePurges(now, limit) {
      const rows = await db
        .selectFrom('tasks')
        .selectAll()
        .where('purge_at', 'is not', null)
        .where('purge_at', '<=', now)
        .where('status', '=', 'done')
        .orderBy('purge_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ task: taskFromRow(r), purgeAt: r.purge_at! }));
    },
    async claimPurge(seen, result, leaseUntil, at) {
      // The WHERE is the claim: a second sweeper's UPDATE finds purge_at already moved (PostgreSQL
      // re-checks it after the first commit; SQLite writes one at a time) and changes nothing.
      const r = await db
        .updateTable('tasks')
        .set({ purge_at: leaseUntil, result: JSON.stringify(result), updated_at: at })
        .where('id', '=', seen.task.id)
        .where('status', '=', 'done')
        .where('purge_at', '=', seen.purgeAt)
        .where('updated_at', '=', seen.task.updatedAt)
        .returningAll()
        .executeTakeFirst();
      return r ? taskFromRow(r) : null;
    },
    async renewLease(id, leaseUntil) {
      const r = await db.updateTable('tasks').set({ lease_until: leaseUntil }).where('id', '=', id).where('status', '=', 'processing').executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async lapsedLeases(now, limit) {
      const rows = await db
        .selectFrom('tasks')
        .selectAll()
        .where('lease_until', 'is not', null)
        .where('lease_until', '<', now)
        .where('status', '=', 'processing')
        .orderBy('lease_until')
        .limit(limit)
        .execute();
      return rows.map(taskFromRow);
    },
    async claimLapsed(id, now, at) {
      // The WHERE is the claim, as in claimPurge: a second sweeper (or the owner finishing late)
      // finds the row changed after the first commits (PostgreSQL re-checks; SQLite writes one at a time).
      const r = await db
        .updateTable('tasks')
        .set({ lease_until: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('lease_until', 'is not', null)
        .where('lease_until', '<', now)
        .returningAll()
        .executeTakeFirst();
      return r ? taskFromRow(r) : null;
    },
    async finishPurge(id, leaseUntil) {
      const r = await db.updateTable('tasks').set({ purge_at: null }).where('id', '=', id).where('purge_at', '=', leaseUntil).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async anyInputContains(accountId, needle) {
      // `input` is JSON as text in both dialects.
      let query = db
        .selectFrom('tasks')
        .select('id')
        .where(sql<boolean>`input like ${containsPattern(needle)} escape '\\'`);
      if (accountId !== null) query = query.where('account_id', '=', accountId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },
  };
}

export function jobRepo(db: Kysely<Database>, dialect: DialectName): JobRepo {
  return {
    async insert(j, at) {
      await db
        .insertInto('jobs')
        .values({
          id: j.id,
          task_id: j.taskId,
          name: j.name,
          payload: JSON.stringify(j.payload),
          status: j.status,
          attempts: j.attempts,
          max_attempts: j.maxAttempts,
          run_at: j.runAt,
          locked_until: null,
          locked_by: null,
          last_error: null,
          dispatched_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    async get(id) {
      const r = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? jobFromRow(r) : null;
    },
    async claimNext(workerId, now, leaseUntil, names) {
      if (names.length === 0) return null;
      const skipLocked = dialect === 'postgres' ? sql` for update skip locked` : sql``;
      // A running job whose lease has lapsed belongs to a dead worker: it is due again.
      const result = await sql<{ id: string }>`
        update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = ${leaseUntil}, updated_at = ${now}
        where id = (
          select id from jobs
          where name in (${sql.join(names)})
            and ((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
          order by run_at limit 1${skipLocked}
        )
        returning id`.execute(db);
      const id = result.rows[0]?.id;
      if (!id) return null;
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return jobFromRow(row);
    },
    async extendLease(id, workerId, leaseUntil) {
      const r = await db
        .updateTable('jobs')
        .set({ locked_until: leaseUntil })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async complete(id, at) {
      await db.updateTable('jobs').set({ status: 'done', locked_until: null, updated_at: at }).where('id', '=', id).execute();
    },
    async fail(id, error, at) {
      await db.updateTable('jobs').set({ status: 'failed', last_error: error, locked_until: null, updated_at: at }).where('id', '=', id).execute();
    },
    async retryLater(id, error, runAt, at) {
      await db
        .updateTable('jobs')
        .set({ status: 'queued', last_error: error, run_at: runAt, locked_until: null, locked_by: null, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async release(id, workerId, at) {
      const r = await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          run_at: at,
          attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
          locked_until: null,
          locked_by: null,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async undispatched(limit) {
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(jobFromRow);
    },
    async markDispatched(id, at) {
      await db.updateTable('jobs').set({ dispatched_at: at }).where('id', '=', id).execute();
    },
    async undispatchQueued() {
      const r = await db
        .updateTable('jobs')
        .set({ dispatched_at: null })
        .where('status', '=', 'queued')
        .where('dispatched_at', 'is not', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async countByStatus() {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}

export function linkRepo(db: Kysely<Database>): LinkRepo {
  return {
    async insert(l) {
      await db
        .insertInto('links')
        .values({
          id: l.id,
          account_id: l.accountId,
          url: l.url,
          facts: JSON.stringify(l.facts),
          charged_millicredits: l.chargedMillicredits,
          created_at: l.createdAt,
          updated_at: l.updatedAt,
        })
        .execute();
    },
    async getOwned(id, accountId) {
      const r = await db.selectFrom('links').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
      return r ? linkFromRow(r) : null;
    },
    async list(accountId, q) {
      const rows = await ownLinksMatching(db, accountId, q)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.min(q.limit ?? MAX_LIST, MAX_LIST))
        .offset(q.offset ?? 0)
        .execute();
      return rows.map(linkFromRow);
    },
    async countMatching(accountId, q) {
      const r = await ownLinksMatching(db, accountId, q).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async anyFactsContain(accountId, needle) {
      // `facts` is JSON as text in both dialects, as tasks' `input` (see anyInputContains).
      let query = db
        .selectFrom('links')
        .select('id')
        .where(sql<boolean>`facts like ${containsPattern(needle)} escape '\\'`);
      if (accountId !== null) query = query.where('account_id', '=', accountId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },
    async update(id, facts, url, at) {
      await db
        .updateTable('links')
        .set({ facts: JSON.stringify(facts), url, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export function rateBucketRepo(db: Kysely<Database>, dialect: DialectName): RateBucketRepo {
  return {
    // Called inside a transaction: the row lock makes refill-and-take atomic across API processes.
    async take(key, capacity, refillPerSecond, nowMs) {
      await db
        .insertInto('rate_buckets')
        .values({ key, tokens: capacity, updated_at_ms: nowMs })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      let select = db.selectFrom('rate_buckets').selectAll().where('key', '=', key);
      if (dialect === 'postgres') select = select.forUpdate();
      const row = await select.executeTakeFirstOrThrow();
      const elapsedMs = Math.max(0, nowMs - Number(row.updated_at_ms));
      const refilled = Math.min(capacity, Number(row.tokens) + (elapsedMs * refillPerSecond) / 1000);
      const allowed = refilled >= 1;
      const tokens = allowed ? refilled - 1 : refilled;
      await db.updateTable('rate_buckets').set({ tokens, updated_at_ms: nowMs }).where('key', '=', key).execute();
      return { allowed, tokens };
    },
  };
}

/** The account's tasks of `kinds` that a group's list shows (`ids`, when given, narrows it). */
function ownTasksMatching(db: Kysely<Database>, accountId: string, kinds: string[], q: Pick<ListQuery, 'ids'>) {
  let query = db.selectFrom('tasks').where('account_id', '=', accountId).where('kind', 'in', kinds);
  if (q.ids) query = q.ids.length ? query.where('id', 'in', q.ids) : query.where(sql<boolean>`1 = 0`);
  return query;
}

/** The account's links that the list shows (`ids`, when given, narrows it). */
function ownLinksMatching(db: Kysely<Database>, accountId: string, q: Pick<ListQuery, 'ids'>) {
  let query = db.selectFrom('links').where('account_id', '=', accountId);
  if (q.ids) query = q.ids.length ? query.where('id', 'in', q.ids) : query.where(sql<boolean>`1 = 0`);
  return query;
}

/** `%needle%` for LIKE, its wildcards escaped (used with `escape '\\'`). */
function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
