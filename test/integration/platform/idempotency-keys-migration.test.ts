import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../src/engines/db/migrations.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

/** Migration 0004 adds the idempotency keys table and its down() removes it again. */
describe.each(databases)('migration 0004_idempotency_keys on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  const tables = async () => (await opened.db.introspection.getTables()).map((t) => t.name);

  it('goes down and up again', async () => {
    expect(await tables()).toContain('idempotency_keys');
    const migrator = new Migrator({ db: opened.db, provider: migrationProvider(opened.dialect) });
    // Back to before it, whatever later migrations are undone on the way.
    const down = await migrator.migrateTo('0003_task_lease_until');
    expect(down.error).toBeUndefined();
    expect(down.results?.find((r) => r.migrationName === '0004_idempotency_keys')).toMatchObject({ direction: 'Down', status: 'Success' });
    expect(await tables()).not.toContain('idempotency_keys');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toContain('idempotency_keys');
  });
});
