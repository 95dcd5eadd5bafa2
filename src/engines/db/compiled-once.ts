import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { DialectName } from './open-database.js';
import type { Database } from './schema.js';

/**
 * A Kysely query built and compiled once per dialect and shape, then run with new parameters.
 * Kysely builds every query as a fresh immutable node tree and compiles it with a visitor; on the
 * polling path (a task GET) that cost about as much as SQLite's own execution. `build` must put the
 * arguments into the query in the order `parameters` lists them (the first compile checks it), and
 * `shape` must name everything else in the arguments that changes the SQL text (e.g. a list's length).
 */
export function compiledOnce<A extends unknown[], R>(spec: {
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>;
  parameters: (...args: A) => unknown[];
  shape: (...args: A) => string;
}): (db: Kysely<Database>, dialect: DialectName, ...args: A) => Promise<R[]> {
  const compiled = new Map<string, CompiledQuery<R>>();
  return async (db, dialect, ...args) => {
    const parameters = spec.parameters(...args);
    const key = `${dialect}:${spec.shape(...args)}`;
    let first = compiled.get(key);
    if (!first) {
      first = spec.build(db, ...args).compile();
      if (first.parameters.length !== parameters.length || first.parameters.some((p, i) => p !== parameters[i])) {
        throw new Error(`compiledOnce: the query's parameters ${JSON.stringify(first.parameters)} are not ${JSON.stringify(parameters)}`);
      }
      compiled.set(key, first);
    }
    const r = await db.executeQuery<R>({ sql: first.sql, query: first.query, queryId: first.queryId, parameters });
    return r.rows;
  };
}
