import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../helpers/databases.js';
import { once, outageProbe, postgresChargesPerTask, postponed, type Timed, type TtsCreated } from '../helpers/outage-probe.js';
import { fileUrl } from '../helpers/api-types.js';
import { startRedis, type RedisProcess } from '../helpers/redis-process.js';
import { randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk.js';

/** The contract of a create during an outage: an answer within this (queued, or 503 with nothing held). */
const PROMPT_MS = 2000;
/** Jobs pause this long before their work, so the ones created before the disk fills are mid-run when it does. */
const JOB_START_DELAY_MS = 1000;

/**
 * Black box: the embedded mode (`serve`: SQLite, the local queue and local files, all in
 * DATA_DIR) on a small tmpfs of its own, which the test fills to the last page while jobs run and
 * clients create, then frees.
 */
describe('data disk full (embedded mode, DATA_DIR on a small tmpfs)', () => {
  let disk: SmallDisk;
  let service: ServiceProcess;
  let probe: ReturnType<typeof outageProbe>;
  let voiceId: string;
  let accountId: string;

  beforeAll(async () => {
    disk = await mountSmallDisk(64);
    const port = randomPort();
    const env = {
      PORT: String(port),
      DATA_DIR: disk.path,
      SIGNING_SECRET: 'disk-full-secret',
      RATE_LIMIT_BURST: '1000',
      CREATE_DEFAULT_ACCOUNT: 'false',
      JOB_START_DELAY_MS: String(JOB_START_DELAY_MS),
      JOB_OUTAGE_RETRY_MS: '1000',
      JOB_LEASE_MS: '3000',
      DISK_MIN_FREE_MB: '8',
      // Two quick attempts: an outage must not spend them.
      JOB_MAX_ATTEMPTS: '2',
      JOB_RETRY_BASE_MS: '200',
    };
    const creds = await runAdmin(['accounts', 'create', '--name', 'disk-full', '--credits', '100'], env);
    accountId = creds.account_id;
    service = startService('serve', env);
    await service.waitFor(/clipwright started/, 60_000);
    probe = outageProbe(`http://127.0.0.1:${port}`, creds);
    voiceId = await probe.voiceId();
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    await disk?.unmount();
  });

  /** Reads the service's own SQLite file beside it (WAL: a reader never blocks the writer). */
  function inDatabase<T>(read: (db: Database.Database) => T): T {
    const db = new Database(join(disk.path, 'clipwright.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  }
  const tasksOfAccount = () => inDatabase((db) => (db.prepare('select count(*) as n from tasks where account_id = ?').get(accountId) as { n: number }).n);
  const chargesPerTask = (ids: string[]) =>
    inDatabase((db) =>
      Object.fromEntries(
        ids.map((id) => [id, (db.prepare(`select count(*) as n from credit_ledger where kind = 'charge' and task_id = ?`).get(id) as { n: number }).n]),
      ),
    );

  it('DATA_DIR full: creates answer within 2 s (queued, or 503 disk_full with nothing held), /readyz says the disk is full; running jobs wait without failing, and once space is freed every accepted task is done, charged once', async () => {
    const before = await probe.credits();
    const inFlight = [
      await probe.create('Running when the disk filled up, number one.', voiceId),
      await probe.create('Running when the disk filled up, number two.', voiceId),
    ];
    for (const c of inFlight) expect(c.status, JSON.stringify(c.body)).toBe(201);
    await probe.running(inFlight.map((c) => c.body.id));
    const tasksBefore = tasksOfAccount();

    const created: Timed<TtsCreated>[] = [];
    let ready: Timed;
    let waited = false;
    const filledBytes = await disk.fill();
    try {
      for (let i = 0; i < 3; i++) created.push(await probe.create(`Disk full, sequential create number ${i}.`, voiceId));
      created.push(...(await Promise.all([0, 1, 2].map((i) => probe.create(`Disk full, concurrent create number ${i}.`, voiceId)))));
      ready = await probe.ready();
      // The running jobs could not write their speech, and wait for space.
      waited = await postponed(
        service,
        inFlight.map((c) => c.body.id),
      );
    } finally {
      await disk.free();
    }
    console.info(
      `disk full (${Math.round(filledBytes / 1024 / 1024)} MB written to fill it): ${created.length} creates answered ${created.map((c) => `${c.status} in ${Math.round(c.ms)} ms`).join(', ')}; /readyz in ${Math.round(ready!.ms)} ms`,
    );
    for (const c of created) {
      expect(c.ms).toBeLessThan(PROMPT_MS);
      if (c.status === 503) {
        expect(c.body).toEqual({ detail: expect.stringMatching(/disk is full.*nothing was saved/i), code: 'disk_full' });
        expect(Number(c.headers.get('retry-after'))).toBeGreaterThan(0);
      } else {
        expect(c.status, JSON.stringify(c.body)).toBe(201);
      }
    }
    expect(ready!.ms).toBeLessThan(PROMPT_MS);
    expect(ready!.status).toBe(200);
    expect(ready!.body).toMatchObject({
      status: 'degraded',
      down: ['disk'],
      database: { kind: 'sqlite', ok: true },
      storage: { kind: 'local' },
      disk: { ok: false, free_bytes: expect.any(Number), detail: expect.stringMatching(/below the 8 MB minimum/) },
    });
    expect(waited, 'both running jobs postponed for the full disk').toBe(true);

    const accepted = created.filter((c) => c.status === 201);
    const ids = [...inFlight, ...accepted].map((c) => c.body.id);
    const done = await probe.settled(ids);
    expect(done.map((t) => [t.status, t.failed_reason ?? null])).toEqual(ids.map(() => ['done', null]));
    expect(chargesPerTask(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
    // A refused create kept nothing and held nothing.
    expect(tasksOfAccount()).toBe(tasksBefore + accepted.length);
    expect(await probe.credits()).toBe(before - ids.length);
    for (const t of done) expect((await fetch(fileUrl(t.output))).status).toBe(200);
    expect((await probe.ready()).body).toMatchObject({ status: 'ready', down: [], disk: { ok: true } });
  }, 180_000);
});

/**
 * Black box, scaled mode: the worker's DATA_DIR (its scratch: every job's working files) on a
 * small tmpfs filled up, the database, queue and API elsewhere. Nothing a job writes can be
 * recorded as the input's fault: the jobs wait for space, then finish.
 */
describe("a worker's data disk full (scaled mode)", () => {
  let disk: SmallDisk;
  let db: TestDatabase;
  let redis: RedisProcess;
  let apiDir: string;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let probe: ReturnType<typeof outageProbe>;
  let voiceId: string;

  beforeAll(async () => {
    [disk, db, redis] = await Promise.all([mountSmallDisk(48), freshPostgres(), startRedis()]);
    apiDir = await mkdtemp(join(tmpdir(), 'cw-disk-api-'));
    const port = randomPort();
    const env = {
      DATABASE_URL: db.databaseUrl!,
      REDIS_URL: redis.url,
      SIGNING_SECRET: 'disk-full-secret',
      RATE_LIMIT_BURST: '1000',
      JOB_OUTAGE_RETRY_MS: '1000',
      JOB_MAX_ATTEMPTS: '2',
      JOB_RETRY_BASE_MS: '200',
    };
    const creds = await runAdmin(['accounts', 'create', '--name', 'worker-disk', '--credits', '100'], { ...env, DATA_DIR: apiDir });
    api = startService('api', { ...env, PORT: String(port), DATA_DIR: apiDir });
    worker = startService('worker', { ...env, PORT: String(randomPort()), DATA_DIR: disk.path });
    await Promise.all([api.waitFor(/clipwright started/, 60_000), worker.waitFor(/clipwright started/, 60_000)]);
    probe = outageProbe(`http://127.0.0.1:${port}`, creds);
    voiceId = await probe.voiceId();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await disk?.unmount();
    await redis?.stop();
    await db?.drop();
    if (apiDir) await rm(apiDir, { recursive: true, force: true });
  });

  it('jobs whose working files cannot be written wait for space without spending attempts, then finish, charged once', async () => {
    const before = await probe.credits();
    await disk.fill();
    let created: Timed<TtsCreated>[] = [];
    let waited = false;
    try {
      created = await Promise.all([0, 1, 2].map((i) => probe.create(`The worker's disk is full, create number ${i}.`, voiceId)));
      for (const c of created) expect(c.status, JSON.stringify(c.body)).toBe(201);
      waited = await postponed(
        worker,
        created.map((c) => c.body.id),
      );
      // Longer than two quick attempts take: the outage must not have spent them.
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      await disk.free();
    }
    expect(waited, 'every job postponed for the full disk').toBe(true);
    const ids = created.map((c) => c.body.id);
    const done = await probe.settled(ids);
    expect(done.map((t) => [t.status, t.failed_reason ?? null])).toEqual(ids.map(() => ['done', null]));
    expect(await postgresChargesPerTask(db.databaseUrl!, ids)).toEqual(once(ids));
    expect(await probe.credits()).toBe(before - ids.length);
  }, 180_000);
});
