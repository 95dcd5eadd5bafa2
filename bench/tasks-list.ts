/**
 * The cross-group task list at scale: `GET /api/tasks/` on an account with 100,000 tasks, on SQLite and PostgreSQL.
 *
 * For each database: a fresh one, the real service in-process (routes, validation, auth, wire
 * mappers, signed URLs), one account seeded with `--tasks` tasks of every group and a second
 * account with a fifth as many (their rows sit in the same table and index), by multi-row inserts
 * in one transaction. PostgreSQL then gets `VACUUM ANALYZE`, as autovacuum would after that many
 * inserts; SQLite gets nothing (the service never runs ANALYZE, so its plans must not need it).
 *
 * Timed per request (median and p95 of `--rounds` after a warm-up): the first page, a deep page
 * (offset 99,780), the last page, a page past the end, filtered pages (statuses rare and common,
 * groups rare and common, a one-month window, all three, a deep filtered page). Two baselines,
 * measured in the same run: the bare indexed SELECT of a first page (`select * … where
 * account_id = ? order by created_at desc, id desc limit 20`), which no list can beat, and the GET
 * of one task by its group's route (the same HTTP path: auth, rate limit, a read, a wire mapper).
 * Prints ms and the ratio to each.
 *
 *   npx tsx bench/tasks-list.ts [--tasks 100000] [--rounds 25] [--only sqlite|postgres] [--plans]
 *   --plans prints each database's query plan of the page and count queries.
 */
import { loadavg, cpus } from 'node:os';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { startTestApp, type TestApp } from '../test/helpers/app.js';
import { freshPostgres, freshSqlite, type TestDatabase } from '../test/helpers/databases.js';
import { createRng, type Rng } from '../src/core/random.js';
import type { Database } from '../src/engines/db/schema.js';
import { taskCountQuery, taskPageQuery } from '../src/engines/db/task-repos.js';
import type { TaskListFilter } from '../src/core/store.js';
import { arg } from './timing.js';

const TASKS = Number(arg('tasks', '100000'));
const ROUNDS = Number(arg('rounds', '25'));
const ONLY = arg('only', '');
const PLANS = process.argv.includes('--plans');
const PAGE = 20;

/** Task kind, share of the account's tasks, and a typical result's size (plans make video results big). */
const KINDS: [kind: string, share: number, resultBytes: number][] = [
  ['text_to_speech', 30, 600],
  ['link_to_video', 15, 3000],
  ['lipsync', 10, 3000],
  ['lipsync_v2', 5, 3000],
  ['ai_short', 8, 3000],
  ['aurora', 5, 400],
  ['product_video', 5, 800],
  ['ai_editing', 4, 3000],
  ['custom_template_job', 4, 2000],
  ['text_generation', 5, 1200],
  ['ai_script', 3, 4000],
  ['asset_generation', 3, 500],
  ['iab_images', 1, 1500],
  ['cloned_voice', 0.5, 300],
  ['custom_avatar', 0.5, 800],
  ['inspiration_job', 0.5, 400],
  ['ads_clone', 0.5, 4000],
];
const STATUSES: [status: string, share: number][] = [
  ['done', 90],
  ['failed', 5],
  ['processing', 3],
  ['pending', 2],
];

function weighted<T extends [string, number, ...unknown[]]>(rng: Rng, table: T[]): T {
  const total = table.reduce((s, t) => s + t[1], 0);
  let at = rng.next() * total;
  for (const t of table) {
    at -= t[1];
    if (at < 0) return t;
  }
  return table[table.length - 1]!;
}

/** One task row as the service stores it: newest last, one every 5 minutes on average over the year before `end`. */
function taskRow(rng: Rng, accountId: string, i: number, count: number, endMs: number) {
  const [kind, , resultBytes] = weighted(rng, KINDS);
  const [status] = weighted(rng, STATUSES);
  const id = crypto.randomUUID();
  const createdMs = endMs - (count - i) * 300_000 + rng.int(0, 299_999);
  const created = new Date(createdMs).toISOString();
  const done = status === 'done';
  const input =
    kind === 'text_to_speech'
      ? { text: `Order today and get free shipping on every bottle, number ${i}.`, voiceId: 'en-us' }
      : { name: `Campaign ${i}`, url: `https://shop.example/products/${i}`, aspectRatio: '9:16', script: 'Fresh coffee, ready when you are. '.repeat(3) };
  const result = done
    ? { outputKey: `${accountId}/${id}/output.mp4`, thumbnailKey: `${accountId}/${id}/thumbnail.jpg`, durationSeconds: 12.5, plan: 'x'.repeat(resultBytes) }
    : {};
  return {
    id,
    account_id: accountId,
    kind,
    status,
    progress: done ? 100 : status === 'processing' ? rng.int(1, 99) : 0,
    failed_reason: status === 'failed' ? 'The page could not be fetched.' : null,
    input: JSON.stringify(input),
    result: JSON.stringify(result),
    held_millicredits: done ? 0 : 5000,
    charged_millicredits: done ? 2000 : 0,
    webhook_url: null,
    created_at: created,
    updated_at: created,
    finished_at: done ? created : null,
    purge_at: null,
    lease_until: null,
  };
}

async function seed(db: Kysely<Database>, dialect: string, accountId: string, count: number, endMs: number, seedValue: number): Promise<number> {
  const rng = createRng(seedValue);
  const batch = dialect === 'postgres' ? 1000 : 500;
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += batch) {
      const rows = Array.from({ length: Math.min(batch, count - from) }, (_, k) => taskRow(rng, accountId, from + k, count, endMs));
      await trx.insertInto('tasks').values(rows).execute();
    }
  });
  return performance.now() - started;
}

interface Case {
  name: string;
  run: () => Promise<unknown>;
}

async function time(c: Case): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 3; i++) await c.run();
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await c.run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]! };
}

async function benchOne(name: 'sqlite' | 'postgres', makeDb: () => Promise<TestDatabase>): Promise<void> {
  const database = await makeDb();
  let t: TestApp | null = null;
  try {
    t = await startTestApp(database, { RATE_LIMIT_BURST: '1000000000', RATE_LIMIT_PER_SECOND: '1000000000' }, { consume: false });
    const app = t;
    const db = app.c.db.db;
    const other = await app.c.accounts.create('other', 10);
    const endMs = Date.now();
    const seededMs =
      (await seed(db, name, app.account.account_id, TASKS, endMs, 1)) + (await seed(db, name, other.account_id, Math.round(TASKS / 5), endMs, 2));
    if (name === 'postgres') await sql`vacuum analyze tasks`.execute(db);
    console.log(
      `\n${name}: seeded ${TASKS.toLocaleString('en')} tasks in one account + ${Math.round(TASKS / 5).toLocaleString('en')} in another in ${(seededMs / 1000).toFixed(1)} s`,
    );

    const get = (query: string) => async () => {
      const r = await app.app.inject({ method: 'GET', url: `/api/tasks/${query}`, headers: app.headers });
      if (r.statusCode !== 200) throw new Error(`GET /api/tasks/${query} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
      return r.json();
    };
    // The checks that the figures mean what they say: the count, a full deep page, newest first.
    const first = await get('')();
    if (first.count !== TASKS || first.results.length !== PAGE) throw new Error(`first page: count ${first.count}, ${first.results.length} items`);
    const lastPage = Math.ceil(TASKS / PAGE);
    const deepPage = lastPage - 10;
    const deep = await get(`?page=${deepPage}`)();
    if (deep.results.length !== PAGE || deep.results[0].created_at > first.results[PAGE - 1].created_at)
      throw new Error('the deep page is not older than the first');
    const before = new Date(endMs - 60 * 86_400_000).toISOString();
    const after = new Date(endMs - 90 * 86_400_000).toISOString();
    const window = `created_after=${after}&created_before=${before}`;

    // The same HTTP path (auth, rate limit — in the database on PostgreSQL —, a read, a wire mapper) for one task.
    const one = first.results.find((r: { group: string }) => r.group === 'text_to_speech');
    const oneTask = async () => {
      const r = await app.app.inject({ method: 'GET', url: `/api/text_to_speech/${one.id}/`, headers: app.headers });
      if (r.statusCode !== 200) throw new Error(`GET one task answered ${r.statusCode}`);
      return r.json();
    };
    const bare = () =>
      db
        .selectFrom('tasks')
        .selectAll()
        .where('account_id', '=', app.account.account_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PAGE)
        .execute();
    const cases: Case[] = [
      { name: 'baseline: bare indexed SELECT, 20 rows', run: bare },
      { name: "baseline: GET one task (its group's GET)", run: oneTask },
      { name: 'first page (20)', run: get('') },
      { name: 'first page (100)', run: get('?page_size=100') },
      { name: `deep page ${deepPage} (offset ${((deepPage - 1) * PAGE).toLocaleString('en')})`, run: get(`?page=${deepPage}`) },
      { name: `last page ${lastPage} (count known)`, run: get(`?page=${lastPage}`) },
      { name: 'page past the end', run: get(`?page=${lastPage + 100}`) },
      { name: 'status=failed (5 %)', run: get('?status=failed') },
      { name: 'status=failed, deep page 200', run: get('?status=failed&page=200') },
      { name: 'status=pending,processing (5 %)', run: get('?status=pending,processing') },
      { name: 'status=done (90 %)', run: get('?status=done') },
      { name: 'group=lipsyncs (10 %)', run: get('?group=lipsyncs') },
      { name: 'group=voices (0.5 %)', run: get('?group=voices') },
      { name: 'group=3 video groups (33 %)', run: get('?group=link_to_videos,lipsyncs,ai_shorts') },
      { name: 'one-month window', run: get(`?${window}`) },
      { name: 'window + videos + done', run: get(`?${window}&group=link_to_videos,lipsyncs,ai_shorts&status=done`) },
    ];
    const results: [string, { median: number; p95: number }][] = [];
    for (const c of cases) results.push([c.name, await time(c)]);
    const select = results[0]![1].median;
    const get1 = results[1]![1].median;
    console.log(`${'request'.padEnd(42)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)} ${'× SELECT'.padStart(9)} ${'× GET one'.padStart(10)}`);
    for (const [label, r] of results) {
      console.log(
        `${label.padEnd(42)} ${r.median.toFixed(2).padStart(10)} ${r.p95.toFixed(2).padStart(8)} ${(r.median / select).toFixed(1).padStart(9)} ${(r.median / get1).toFixed(1).padStart(10)}`,
      );
    }
    if (PLANS) await printPlans(db, name, app.account.account_id, after, before);
  } finally {
    await t?.close();
    await database.drop();
  }
}

/** The plans of the list's statements, built by the repository's own query builders. */
async function printPlans(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', accountId: string, after: string, before: string): Promise<void> {
  const filters: [string, TaskListFilter, number][] = [
    ['deep page', {}, 99_780],
    ['status=failed', { statuses: ['failed'] }, 0],
    ['status=pending,processing', { statuses: ['pending', 'processing'] }, 0],
    ['status=done', { statuses: ['done'] }, 0],
    ['3 kinds', { kinds: ['link_to_video', 'lipsync', 'ai_short'] }, 0],
    ['group=lipsyncs', { kinds: ['lipsync'] }, 0],
    ['window + 3 kinds + done', { kinds: ['link_to_video', 'lipsync', 'ai_short'], statuses: ['done'], createdAfter: after, createdBefore: before }, 0],
  ];
  const explain = dialect === 'postgres' ? 'explain (analyze, buffers, costs off) ' : 'explain query plan ';
  for (const [label, filter, offset] of filters) {
    for (const [what, q] of [
      ['page', taskPageQuery(db, accountId, filter, offset, PAGE)],
      ['count', taskCountQuery(db, accountId, filter)],
    ] as const) {
      const compiled = q.compile();
      const plan = await db.executeQuery(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]));
      const lines =
        dialect === 'postgres' ? plan.rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])) : sqliteTree(plan.rows as SqlitePlanRow[]);
      console.log(`\n  ${label}, ${what}:\n    ${lines.join('\n    ')}`);
    }
  }
}

interface SqlitePlanRow {
  id: number;
  parent: number;
  detail: string;
}

/** SQLite's plan rows as the indented tree the sqlite3 shell prints. */
function sqliteTree(rows: SqlitePlanRow[]): string[] {
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  });
}

console.log(`tasks-list bench: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}, ${ROUNDS} rounds per request`);
if (ONLY !== 'postgres') await benchOne('sqlite', freshSqlite);
if (ONLY !== 'sqlite') await benchOne('postgres', freshPostgres);
