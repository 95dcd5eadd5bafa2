import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../helpers/databases.js';
import { outageProbe, postgresChargesPerTask, type Timed, type TtsCreated } from '../helpers/outage-probe.js';
import { startRedis, type RedisProcess } from '../helpers/redis-process.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';

/** The contract of a create during a queue outage: an answer within this, never an open connection for the outage. */
const PROMPT_MS = 2000;
const JOB_LEASE_MS = 3000;

/**
 * Black box: an API process and a worker process on PostgreSQL and a Redis of the test's own,
 * which the test freezes (SIGSTOP), kills and restarts while clients create tasks.
 */
describe('queue outage (scaled mode, a dedicated Redis)', () => {
  let redis: RedisProcess;
  let db: TestDatabase;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let base: string;
  let env: Record<string, string>;
  let creds: { api_id: string; api_key: string; account_id: string };
  let voiceId: string;

  beforeAll(async () => {
    redis = await startRedis();
    db = await freshPostgres();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl!,
      REDIS_URL: redis.url,
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      SIGNING_SECRET: 'outage-test-secret',
      RATE_LIMIT_BURST: '1000',
    };
    creds = await runAdmin(['accounts', 'create', '--name', 'outage', '--credits', '100'], env);
    api = startService('api', env);
    worker = startService('worker', env);
    await Promise.all([api.waitFor(/clipwright started/), worker.waitFor(/clipwright started/)]);
    voiceId = (await client(base, creds).get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await redis?.stop();
    await db?.drop();
  });

  // Timed within 15 s each, so a hung answer fails the timing assertion instead of the suite.
  const timedCreate = (text: string) => outageProbe(base, creds).create(text, voiceId);
  const timedReady = () => outageProbe(base, creds).ready();
  const chargesPerTask = (ids: string[]) => postgresChargesPerTask(db.databaseUrl!, ids);

  async function expectAllDoneChargedOnce(ids: string[]): Promise<void> {
    const http = client(base, creds);
    for (const id of ids) {
      const done = await http.until(`/api/text_to_speech/${id}/`, (b) => b.status === 'done' || b.status === 'failed', 90_000);
      expect(done.status, `task ${id}`).toBe('done');
    }
    expect(await chargesPerTask(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
  }

  it('Redis frozen (SIGSTOP) past the job lease: every create answers within 2 s and /readyz says so; after SIGCONT every task (those running at the freeze too) is done, charged once', async () => {
    const before = (await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits;
    // Handed over before the freeze, so they run (or finish) while Redis cannot hear of it: their locks lapse, and BullMQ delivers them again.
    const inFlight = [await timedCreate('In flight when the queue froze, number one.'), await timedCreate('In flight when the queue froze, number two.')];
    const created: Timed<TtsCreated>[] = [];
    let ready: Timed | undefined;
    const frozenAt = performance.now();
    redis.freeze();
    try {
      for (let i = 0; i < 4; i++) created.push(await timedCreate(`Frozen queue, sequential create number ${i}.`));
      created.push(...(await Promise.all([0, 1, 2].map((i) => timedCreate(`Frozen queue, concurrent create number ${i}.`)))));
      ready = await timedReady();
      const lapse = JOB_LEASE_MS + 1000 - (performance.now() - frozenAt);
      if (lapse > 0) await new Promise((r) => setTimeout(r, lapse));
    } finally {
      redis.resume();
    }
    console.info(
      `frozen Redis: ${created.length} creates answered in ${created.map((c) => Math.round(c.ms)).join(', ')} ms; /readyz in ${Math.round(ready.ms)} ms`,
    );
    for (const c of created) {
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      expect(c.ms).toBeLessThan(PROMPT_MS);
    }
    expect(ready.ms).toBeLessThan(PROMPT_MS);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'degraded', database: { kind: 'postgres', ok: true }, queue: { kind: 'bullmq', ok: false } });

    const ids = [...inFlight, ...created].map((c) => c.body.id as string);
    await expectAllDoneChargedOnce(ids);
    expect((await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits).toBe(before - ids.length);
    const after = await timedReady();
    expect(after.body).toMatchObject({ status: 'ready', queue: { kind: 'bullmq', ok: true, latency_ms: expect.any(Number) } });
  }, 180_000);

  it('Redis killed: creates still answer within 2 s; once a fresh Redis is up every task is done, charged once', async () => {
    await redis.kill();
    const created: Timed<TtsCreated>[] = [];
    let ready: Timed | undefined;
    try {
      for (let i = 0; i < 3; i++) created.push(await timedCreate(`Stopped queue, create number ${i}.`));
      ready = await timedReady();
    } finally {
      await redis.restart();
    }
    console.info(
      `stopped Redis: ${created.length} creates answered in ${created.map((c) => Math.round(c.ms)).join(', ')} ms; /readyz in ${Math.round(ready!.ms)} ms`,
    );
    for (const c of created) {
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      expect(c.ms).toBeLessThan(PROMPT_MS);
    }
    expect(ready!.ms).toBeLessThan(PROMPT_MS);
    expect(ready!.body).toMatchObject({ status: 'degraded', queue: { kind: 'bullmq', ok: false } });
    await expectAllDoneChargedOnce(created.map((c) => c.body.id));
  }, 180_000);

  it('jobs a crashed Redis lost (handed over, not yet run) are handed over again once it is back, and charged once', async () => {
    await worker.stop();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await timedCreate(`Lost with the queue, create number ${i}.`);
      expect(c.status).toBe(201);
      ids.push(c.body.id);
    }
    // Both are in Redis now (the outbox rows say so), and no worker has taken them.
    const pgc = new pg.Client({ connectionString: db.databaseUrl! });
    await pgc.connect();
    for (let i = 0; i < 100; i++) {
      const r = await pgc.query(`select count(*)::int as n from jobs where id = any($1) and dispatched_at is not null`, [ids]);
      if (r.rows[0].n === ids.length) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect((await pgc.query(`select count(*)::int as n from jobs where id = any($1) and dispatched_at is not null`, [ids])).rows[0].n).toBe(ids.length);
    await pgc.end();

    await redis.kill();
    await redis.restart();
    worker = startService('worker', env);
    await worker.waitFor(/clipwright started/);
    await expectAllDoneChargedOnce(ids);
  }, 180_000);
});
