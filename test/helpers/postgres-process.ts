import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/**
 * A PostgreSQL server of the test's own (initdb into a temp folder, a free loopback port), so a
 * test can stop and start it — every connection dropped, the port refusing in between — without
 * touching the shared server other suites use. The server runs as the `postgres` system user
 * (it refuses to run as root); trust authentication, user `postgres`, database `test`.
 */
export interface PostgresProcess {
  port: number;
  /** The `test` database's URL. */
  url: string;
  /** Fast shutdown: open sessions are terminated, the port refuses until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

const BIN = (() => {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return join(root, version!, 'bin');
})();

export async function startPostgres(): Promise<PostgresProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cw-own-pg-'));
  chmodSync(dir, 0o755);
  const { uid, gid } = postgresUser();
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  await run(uid, gid, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => run(uid, gid, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '30', ...args]);
  await pgCtl('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database test');
  await admin.end();
  let running = true;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    async stop() {
      await pgCtl('stop', '-m', 'fast');
      running = false;
    },
    async start() {
      await pgCtl('start');
      running = true;
    },
    async destroy() {
      if (running) await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a PostgreSQL tool as the postgres user, without blocking the test's event loop. */
async function run(uid: number, gid: number, tool: string, args: string[]): Promise<void> {
  const child = spawn(join(BIN, tool), args, { uid, gid, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${tool} ${args.join(' ')} exited ${code}: ${out}`);
}

function postgresUser(): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) throw new Error('no "postgres" system user to run a PostgreSQL server as');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}
