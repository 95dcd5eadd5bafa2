import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query afresh; parsing and planning the SQL was the largest
 * single cost of a task GET. Statements are kept by their SQL text (a bounded, least-recently-used
 * set: `in (?, ?, …)` lists make the texts vary). Reusing one is safe because the driver runs one
 * query at a time on its single connection.
 */
export type CachedStatements = Omit<SqliteDatabase, 'prepare'> & { prepare(sql: string): Statement };

export function withStatementCache(sqlite: BetterSqlite, maxStatements = 500): CachedStatements {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = statements.get(sql);
      if (stmt) {
        // Re-inserted so the Map's order is least recently used first.
        statements.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}
