import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { MemoryTaskChangeFeed } from '../../../src/engines/events/memory-feed.js';
import { PostgresTaskChangeFeed, TASK_CHANGES_CHANNEL } from '../../../src/engines/events/postgres-feed.js';
import type { TaskChangeFeed } from '../../../src/engines/events/port.js';
import { freshPostgres, type TestDatabase } from '../../helpers/databases.js';

const log = pino({ level: 'silent' });

/** Resolves with how many calls a listener got once `count` arrived, or rejects after `ms`. */
function counter(ms = 5000) {
  let n = 0;
  let wanted = Infinity;
  let done: () => void = () => undefined;
  return {
    listener: () => {
      n++;
      if (n >= wanted) done();
    },
    get calls() {
      return n;
    },
    reach(count: number) {
      wanted = count;
      if (n >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        done = resolve;
        setTimeout(() => reject(new Error(`only ${n} of ${count} calls in ${ms} ms`)), ms);
      });
    },
  };
}

const feeds: [string, () => Promise<{ a: TaskChangeFeed; b: TaskChangeFeed; cleanup(): Promise<void>; db?: TestDatabase }>][] = [
  [
    'in-process',
    async () => {
      const one = new MemoryTaskChangeFeed();
      return { a: one, b: one, cleanup: async () => undefined };
    },
  ],
  [
    'PostgreSQL LISTEN/NOTIFY (two processes)',
    async () => {
      const db = await freshPostgres();
      const opened: OpenDatabase[] = [
        await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }),
        await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir }),
      ];
      const a = new PostgresTaskChangeFeed(opened[0]!.db, db.databaseUrl!, log);
      const b = new PostgresTaskChangeFeed(opened[1]!.db, db.databaseUrl!, log);
      return {
        a,
        b,
        db,
        cleanup: async () => {
          await a.close();
          await b.close();
          for (const o of opened) await o.close();
          await db.drop();
        },
      };
    },
  ],
];

describe.each(feeds)('task change feed: %s', (_name, make) => {
  let f: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(async () => f.cleanup());

  it("delivers a change published by one side to the other's subscribers of that task only", async () => {
    const mine = counter();
    const other = counter();
    const offMine = await f.b.subscribe('task-1', mine.listener);
    const offOther = await f.b.subscribe('task-2', other.listener);
    await f.a.publish('task-1');
    await f.a.publish('task-1');
    await mine.reach(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(other.calls).toBe(0);
    offMine();
    await f.a.publish('task-1');
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.calls).toBe(2);
    offOther();
  });
});

describe('task change feed: PostgreSQL connection loss', () => {
  let f: Awaited<ReturnType<(typeof feeds)[1][1]>>;
  beforeAll(async () => {
    f = await feeds[1]![1]();
  });
  afterAll(async () => f.cleanup());

  it('re-opens a lost LISTEN connection and tells subscribers to read again', async () => {
    const heard = counter(10_000);
    const off = await f.b.subscribe('task-3', heard.listener);
    const admin = new pg.Client({ connectionString: f.db!.databaseUrl! });
    await admin.connect();
    // The administrator (or a failover) ends the listening session.
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid()`, [
      `listen ${TASK_CHANGES_CHANNEL}%`,
    ]);
    await admin.end();
    await heard.reach(1);
    // And it listens again: a later change is heard.
    await f.a.publish('task-3');
    await heard.reach(2);
    off();
  });
});
