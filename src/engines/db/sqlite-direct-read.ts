import type { Database as BetterSqlite } from 'better-sqlite3';
import type { CachedStatements } from './sqlite-statement-cache.js';

/**
 * One-row reads answered at once from the embedded database, past Kysely's connection queue: the
 * polling path (a task GET) spent as long in the queue's promises as SQLite spent reading. Safe
 * only outside a transaction, since the embedded mode has a single connection and a read there would
 * see another caller's uncommitted writes: `row` answers `undefined`-or-row when it could read, and
 * `busy` when a transaction is open and the caller must take the queued path.
 */
export interface DirectRowReader {
  row<R>(sql: string, parameters: readonly unknown[]): { found: R | undefined } | 'busy';
}

export function sqliteDirectReader(sqlite: BetterSqlite, statements: CachedStatements): DirectRowReader {
  return {
    row<R>(sql: string, parameters: readonly unknown[]) {
      if (sqlite.inTransaction) return 'busy';
      return { found: statements.prepare(sql).get(parameters) as R | undefined };
    },
  };
}
