import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once, outageProbe, postgresChargesPerTask, postponed, type Timed } from '../helpers/outage-probe.js';
import { startPostgres, type PostgresProcess } from '../helpers/postgres-process.js';
import { startRedis, type RedisProcess } from '../helpers/redis-process.js';
import { randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';

/** The contract of a create during an outage: an answer within this (queued, or 503 with nothing held). */
const PROMPT_MS = 2000;
/** Jobs pause this long before their work, so the ones created before the outage are mid-run when it begins. */
const JOB_START_DELAY_MS = 1000;

/**
 * Black box: an API process and a worker process on a PostgreSQL server of the test's own (and a
 * Redis of its own), which the test stops — every connection dropped, the port refusing — while
 * jobs run and clients create, then starts again.
 */
describe('database outage (scaled mode, a dedicated PostgreSQL)', () => {
  let postgres: PostgresProcess;
  let redis: RedisProcess;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let probe: ReturnType<typeof outageProbe>;
  let voiceId: string;
  let accountId: string;
  let dataDir: string;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    dataDir = await mkdtemp(join(tmpdir(), 'cw-db-outage-'));
    const port = randomPort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SIGNING_SECRET: 'db-outage-secret',
      RATE_LIMIT_BURST: '1000',
      JOB_START_DELAY_MS: String(JOB_START_DELAY_MS),
      JOB_OUTAGE_RETRY_MS: '500',
    };
    const creds = await runAdmin(['accounts', 'create', '--name', 'db-outage', '--credits', '100'], env);
    accountId = creds.account_id;
    api = startService('api', env);
    worker = startService('worker', { ...env, PORT: String(randomPort()) });
    await Promise.all([api.waitFor(/clipwright started/, 60_000), worker.waitFor(/clipwright started/, 60_000)]);
    probe = outageProbe(`http://127.0.0.1:${port}`, creds);
    voiceId = await probe.voiceId();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await redis?.stop();
    await postgres?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function tasksOfAccount(): Promise<number> {
    const c = new pg.Client({ connectionString: postgres.url });
    await c.connect();
    try {
      return (await c.query('select count(*)::int as n from tasks where account_id = $1', [accountId])).rows[0].n;
    } finally {
      await c.end();
    }
  }

  it('PostgreSQL stopped mid-run: creates answer 503 database_unavailable within 2 s with nothing held, /readyz says the database is down; once it is back the running tasks finish, charged once', async () => {
    const before = await probe.credits();
    const inFlight = [
      await probe.create('Running when the database stopped, number one.', voiceId),
      await probe.create('Running when the database stopped, number two.', voiceId),
    ];
    for (const c of inFlight) expect(c.status, JSON.stringify(c.body)).toBe(201);
    const ids = inFlight.map((c) => c.body.id as string);
    await probe.running(ids);
    const tasksBefore = await tasksOfAccount();

    const refused: Timed[] = [];
    let ready: Timed;
    let waited = false;
    await postgres.stop();
    try {
      for (let i = 0; i < 3; i++) refused.push(await probe.create(`Database down, sequential create number ${i}.`, voiceId));
      refused.push(...(await Promise.all([0, 1, 2].map((i) => probe.create(`Database down, concurrent create number ${i}.`, voiceId)))));
      ready = await probe.ready();
      // Down until both running jobs have met it: their speech is made, and their finish cannot be written.
      waited = await postponed(worker, ids);
    } finally {
      await postgres.start();
    }
    console.info(
      `stopped PostgreSQL: ${refused.length} creates answered in ${refused.map((c) => Math.round(c.ms)).join(', ')} ms; /readyz in ${Math.round(ready!.ms)} ms`,
    );
    for (const c of refused) {
      expect(c.ms).toBeLessThan(PROMPT_MS);
      expect(c.status, JSON.stringify(c.body)).toBe(503);
      expect(c.body).toEqual({ detail: expect.stringMatching(/database is not available.*nothing was saved/i), code: 'database_unavailable' });
      expect(Number(c.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(ready!.ms).toBeLessThan(PROMPT_MS);
    expect(ready!.status).toBe(503);
    expect(ready!.body).toMatchObject({
      status: 'not_ready',
      down: ['database'],
      database: { kind: 'postgres', ok: false, detail: expect.any(String) },
      queue: { ok: true },
    });

    // The jobs that were running met the outage (their finish could not be written) and waited for it.
    expect(waited, 'both running jobs postponed for the outage').toBe(true);
    const done = await probe.settled(ids);
    expect(done.map((t) => t.status)).toEqual(['done', 'done']);
    expect(await postgresChargesPerTask(postgres.url, ids)).toEqual(once(ids));
    // Nothing of the refused creates was kept or held.
    expect(await tasksOfAccount()).toBe(tasksBefore);
    expect(await probe.credits()).toBe(before - ids.length);

    const after = await probe.create('The database is back.', voiceId);
    expect(after.status).toBe(201);
    expect((await probe.settled([after.body.id]))[0]?.status).toBe('done');
    expect((await probe.ready()).body).toMatchObject({ status: 'ready', down: [], database: { ok: true } });
  }, 180_000);
});
