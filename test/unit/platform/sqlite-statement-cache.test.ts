import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../src/engines/db/sqlite-statement-cache.js';

/** A real in-memory SQLite whose `prepare` calls are counted. */
function countedSqlite() {
  const sqlite = new Database(':memory:');
  sqlite.exec('create table t (id integer primary key, v text)');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('SQLite statement cache', () => {
  it('prepares each SQL text once and runs it again with new parameters', () => {
    const { sqlite, prepared } = countedSqlite();
    const db = withStatementCache(sqlite);
    for (let i = 1; i <= 3; i++) db.prepare('insert into t (id, v) values (?, ?)').run([i, `v${i}`]);
    const rows = [1, 2, 3].map((id) => db.prepare('select v from t where id = ?').all([id]));
    expect(rows).toEqual([[{ v: 'v1' }], [{ v: 'v2' }], [{ v: 'v3' }]]);
    expect(prepared).toEqual(['insert into t (id, v) values (?, ?)', 'select v from t where id = ?']);
    db.close();
  });

  it('keeps at most the given number of statements, dropping the least recently used', () => {
    const { sqlite, prepared } = countedSqlite();
    const db = withStatementCache(sqlite, 2);
    const a = 'select 1';
    const b = 'select 2';
    const c = 'select 3';
    for (const sql of [a, b, a, c, a, b]) db.prepare(sql).all([]);
    // a stays (used most recently before c came); b was the least recently used when c came.
    expect(prepared).toEqual([a, b, c, b]);
    db.close();
  });
});
