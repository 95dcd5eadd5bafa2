import { join } from 'node:path';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, sql, type DatabaseConnection } from 'kysely';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { outageAwarePool } from './database-outage.js';
import { sqliteDirectReader, type DirectRowReader } from './sqlite-direct-read.js';

/**
 * Longest wait for a connection (a new one, or a free one of a busy pool) before the query fails
 * as an outage. A server that is restarting refuses at once; this bounds an unreachable one.
 */
const CONNECT_TIMEOUT_MS = 5000;

export type DialectName = 'sqlite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The embedded database's reads without a queue (see sqlite-direct-read.ts); absent on PostgreSQL. */
  direct?: DirectRowReader;
  /** One round trip (`select 1`), for readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite's default BEGIN is deferred: two processes that both read then write can deadlock
 * on the upgrade. BEGIN IMMEDIATE takes the write lock up front and waits on busy_timeout.
 *
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL — a full disk —,
 * SQLITE_IOERR, SQLITE_NOMEM…); Kysely's ROLLBACK after that fails with "no transaction is
 * active" and replaces the error that says what happened, so the rollback is skipped then.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly inTransaction: () => boolean,
  ) {
    super(config);
  }

  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.inTransaction()) await connection.executeQuery(CompiledQuery.raw('rollback'));
    };
    return driver;
  }
}

async function openSqlite(file: string): Promise<OpenDatabase> {
  const { default: SQLite } = await import('better-sqlite3');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }, () => sqlite.inTransaction) });
  return { db, dialect: 'sqlite', direct: sqliteDirectReader(sqlite, statements), ping: () => ping(db), close: () => db.destroy() };
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  // Imported only when configuration selects PostgreSQL, so the embedded mode never loads it.
  const pg = await import('pg');
  const { PostgresDialect } = await import('kysely');
  // int8 and numeric come back as strings by default; every such column here is a safe integer.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  // A server that is down refuses at once; one that cannot be reached must not hold a request for
  // longer than a client waits (the request then answers 503 database_unavailable).
  const pool = new pg.default.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server ends (a restart, an administrator's terminate) is an 'error'
  // event on the pool, which would otherwise crash the process; the pool drops that client and the
  // next query opens a new one, so the loss is reported by the query that meets it, if any.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: outageAwarePool(pool) }) });
  return { db, dialect: 'postgres', ping: () => ping(db), close: () => db.destroy() };
}

async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<OpenDatabase> {
  const opened = opts.databaseUrl?.startsWith('postgres')
    ? await openPostgres(opts.databaseUrl)
    : await openSqlite(opts.databaseUrl?.startsWith('sqlite:') ? opts.databaseUrl.slice('sqlite:'.length) : join(opts.dataDir, 'clipwright.sqlite'));
  await migrate(opened);
  return opened;
}

export async function migrate(opened: OpenDatabase): Promise<void> {
  const migrator = new Migrator({ db: opened.db, provider: migrationProvider(opened.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
}
