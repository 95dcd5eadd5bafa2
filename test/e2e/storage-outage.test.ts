import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../helpers/databases.js';
import { startFaultyProxy, type FaultyProxy } from '../helpers/faulty-proxy.js';
import { once, outageProbe, postgresChargesPerTask, postponed, type Timed, type TtsCreated } from '../helpers/outage-probe.js';
import { fileUrl } from '../helpers/api-types.js';
import { startRedis, type RedisProcess } from '../helpers/redis-process.js';
import { startS3, type TestS3 } from '../helpers/s3-server.js';
import { randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';

/** The contract of a create during an outage: an answer within this (queued, or 503 with nothing held). */
const PROMPT_MS = 2000;
/** The outage the issue names: the S3 endpoint down (connections refused), then answering 500, 20 s in all. */
const REFUSING_MS = 10_000;
const ERRORS_MS = 10_000;
/** Jobs pause this long before their work, so the ones created before the outage are mid-run when it begins. */
const JOB_START_DELAY_MS = 1000;

/**
 * Black box: an API process and a worker process on PostgreSQL, a Redis of the test's own and a
 * real S3 server (s3rver) reached through a proxy that the test switches to refusing
 * connections, then to answering 500, while jobs run and clients create.
 */
describe('file storage outage (scaled mode on S3)', () => {
  let s3: TestS3;
  let proxy: FaultyProxy;
  let db: TestDatabase;
  let redis: RedisProcess;
  let scratch: string;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let probe: ReturnType<typeof outageProbe>;
  let base: string;
  let voiceId: string;

  beforeAll(async () => {
    [s3, db, redis] = await Promise.all([startS3('clipwright-outage'), freshPostgres(), startRedis()]);
    proxy = await startFaultyProxy(s3.endpoint);
    scratch = await mkdtemp(join(tmpdir(), 'cw-s3-outage-'));
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: db.databaseUrl!,
      REDIS_URL: redis.url,
      SIGNING_SECRET: 's3-outage-secret',
      RATE_LIMIT_BURST: '1000',
      ...s3.env,
      S3_ENDPOINT: proxy.url,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      JOB_START_DELAY_MS: String(JOB_START_DELAY_MS),
      JOB_OUTAGE_RETRY_MS: '2000',
      // Two quick attempts: an outage must not spend them (they would be gone in seconds).
      JOB_MAX_ATTEMPTS: '2',
      JOB_RETRY_BASE_MS: '200',
    };
    const creds = await runAdmin(['accounts', 'create', '--name', 's3-outage', '--credits', '100'], {
      ...env,
      DATA_DIR: await mkdtemp(join(scratch, 'admin-')),
    });
    api = startService('api', { ...env, PORT: String(port), DATA_DIR: await mkdtemp(join(scratch, 'api-')) });
    worker = startService('worker', { ...env, PORT: String(randomPort()), DATA_DIR: await mkdtemp(join(scratch, 'worker-')) });
    await Promise.all([api.waitFor(/clipwright started/, 60_000), worker.waitFor(/clipwright started/, 60_000)]);
    probe = outageProbe(base, creds);
    voiceId = await probe.voiceId();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await proxy?.close();
    await s3?.stop();
    await redis?.stop();
    await db?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  async function createsDuringOutage(label: string): Promise<Timed<TtsCreated>[]> {
    const created: Timed<TtsCreated>[] = [];
    for (let i = 0; i < 2; i++) created.push(await probe.create(`Storage ${label}, sequential create number ${i}.`, voiceId));
    created.push(...(await Promise.all([0, 1].map((i) => probe.create(`Storage ${label}, concurrent create number ${i}.`, voiceId)))));
    return created;
  }

  it('S3 refusing connections, then answering 500, for 20 s: creates are queued within 2 s, /readyz says the storage is down and why; running jobs wait without failing, and afterwards every task is done, charged once, its file in the bucket', async () => {
    const before = await probe.credits();
    const inFlight = [
      await probe.create('Running when the storage went away, number one.', voiceId),
      await probe.create('Running when the storage went away, number two.', voiceId),
    ];
    for (const c of inFlight) expect(c.status, JSON.stringify(c.body)).toBe(201);
    await probe.running(inFlight.map((c) => c.body.id));

    const started = performance.now();
    const untilMs = async (ms: number) => {
      const rest = ms - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    };
    let refusing: Timed<TtsCreated>[], erroring: Timed<TtsCreated>[], readyRefusing: Timed, readyErroring: Timed;
    let waited = false;
    await proxy.setMode('refuse');
    try {
      refusing = await createsDuringOutage('refusing');
      readyRefusing = await probe.ready();
      // The running jobs made their speech and could not store it.
      waited = await postponed(
        worker,
        inFlight.map((c) => c.body.id),
        REFUSING_MS,
      );
      await untilMs(REFUSING_MS);
      await proxy.setMode('error500');
      erroring = await createsDuringOutage('answering 500');
      readyErroring = await probe.ready();
      await untilMs(REFUSING_MS + ERRORS_MS);
    } finally {
      await proxy.setMode('pass');
    }
    const created = [...refusing!, ...erroring!];
    console.info(
      `S3 down: ${created.length} creates answered in ${created.map((c) => Math.round(c.ms)).join(', ')} ms; /readyz in ${Math.round(readyRefusing!.ms)}, ${Math.round(readyErroring!.ms)} ms`,
    );
    for (const c of created) {
      expect(c.ms).toBeLessThan(PROMPT_MS);
      expect(c.status, JSON.stringify(c.body)).toBe(201);
    }
    for (const [ready, why] of [
      [readyRefusing!, /ECONNREFUSED/],
      [readyErroring!, /HTTP 500/],
    ] as const) {
      expect(ready.ms).toBeLessThan(PROMPT_MS);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'degraded',
        down: ['storage'],
        database: { ok: true },
        queue: { ok: true },
        storage: { kind: 's3', ok: false, detail: expect.stringMatching(why) },
      });
    }
    expect(waited, 'both running jobs postponed for the outage').toBe(true);

    const ids = [...inFlight, ...created].map((c) => c.body.id);
    const done = await probe.settled(ids);
    expect(done.map((t) => [t.status, t.failed_reason ?? null])).toEqual(ids.map(() => ['done', null]));
    expect(await postgresChargesPerTask(db.databaseUrl!, ids)).toEqual(once(ids));
    expect(await probe.credits()).toBe(before - ids.length);
    // Each output is in the bucket: the API streams it back from there.
    for (const t of done) {
      const file = await fetch(fileUrl(t.output));
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect((await probe.ready()).body).toMatchObject({ status: 'ready', down: [], storage: { kind: 's3', ok: true } });
  }, 240_000);
});
