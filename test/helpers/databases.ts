import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** DATABASE_URL for the service (null = embedded SQLite in dataDir). */
  databaseUrl: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database per suite, so suites can run in parallel without seeing each other. */
export async function freshPostgres(): Promise<TestDatabase> {
  const name = `cw_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-pg-'));
  return {
    name: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freshSqlite(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-sqlite-'));
  return { name: 'sqlite', databaseUrl: null, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The same tests on every database (the Directus rule). */
export const databases: [string, () => Promise<TestDatabase>][] = [
  ['sqlite', freshSqlite],
  ['postgres', freshPostgres],
];
