import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { freshPostgres, POSTGRES_ADMIN_URL, type TestDatabase } from '../../helpers/databases.js';

/** A PostgreSQL restart or an administrator's terminate must not take the service's process down. */
describe('PostgreSQL connections ended by the server', () => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  const uncaught: Error[] = [];
  const record = (err: Error) => void uncaught.push(err);

  beforeAll(async () => {
    tdb = await freshPostgres();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await opened.close();
    await tdb.drop();
  });

  it('loses its idle connections without an uncaught error, and the next query reconnects', async () => {
    // Several idle connections in the pool.
    await Promise.all(Array.from({ length: 3 }, () => sql`select pg_sleep(0.05)`.execute(opened.db)));
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    const database = new URL(tdb.databaseUrl!).pathname.slice(1);
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // The pool's clients learn of it asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(uncaught.map((e) => e.message)).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(opened.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
