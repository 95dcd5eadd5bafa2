import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, freshSqlite, REDIS_URL, type TestDatabase } from '../helpers/databases.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';
import { refusesConnections, slowPost } from '../helpers/slow-request.js';
import { openSse } from '../helpers/sse-client.js';

type Creds = { api_id: string; api_key: string };
const headersOf = (c: Creds) => ({ 'x-api-id': c.api_id, 'x-api-key': c.api_key });
/** Far longer than any wait below: a job taken again before this was handed back, not found stalled. */
const LEASE_MS = '60000';

async function voiceOf(base: string, creds: Creds): Promise<string> {
  return (await client(base, creds).get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
}

async function createTts(base: string, creds: Creds, voiceId: string): Promise<string> {
  const r = await client(base, creds).post('/api/text_to_speech/', { text: 'Shut down gently, please.', voice_id: voiceId });
  expect(r.status).toBe(201);
  return r.body.id;
}

/** SIGTERM, then the time until the process has exited. */
async function terminate(p: ServiceProcess): Promise<number> {
  const started = Date.now();
  await p.stop('SIGTERM');
  return Date.now() - started;
}

describe('graceful shutdown, embedded (serve, SQLite, local queue)', () => {
  let db: TestDatabase;
  let base: string;
  let env: Record<string, string>;
  let creds: Creds;
  let svc: ServiceProcess | null = null;
  const charges = (taskId: string) => {
    const sqlite = new Database(join(db.dataDir, 'clipwright.sqlite'), { readonly: true });
    try {
      return (sqlite.prepare(`select count(*) as n from credit_ledger where task_id = ? and kind = 'charge'`).get(taskId) as { n: number }).n;
    } finally {
      sqlite.close();
    }
  };

  beforeAll(async () => {
    db = await freshSqlite();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DATA_DIR: db.dataDir, JOB_POLL_MS: '100', JOB_LEASE_MS: LEASE_MS, CREATE_DEFAULT_ACCOUNT: '0' };
    creds = await runAdmin(['accounts', 'create', '--name', 'graceful', '--credits', '10'], env);
  });
  afterAll(async () => {
    await svc?.stop('SIGKILL');
    await db.drop();
  });

  it('long grace: the running job finishes, an in-flight request completes, event streams get `shutdown`, new connections are refused', async () => {
    svc = startService('serve', { ...env, JOB_START_DELAY_MS: '3000', SHUTDOWN_GRACE_SECONDS: '30' });
    await svc.waitFor(/clipwright started/, 60_000);
    const voiceId = await voiceOf(base, creds);
    const id = await createTts(base, creds, voiceId);
    await client(base, creds).until(`/api/text_to_speech/${id}/`, (b) => b.status === 'processing', 20_000);
    const events = await openSse(`${base}/api/tasks/${id}/events`, headersOf(creds));
    await events.next((m) => m.event === 'status');
    const inFlight = slowPost(`${base}/api/text_to_speech/`, headersOf(creds), { text: 'Sent while the server stops.', voice_id: voiceId });
    await new Promise((r) => setTimeout(r, 200));

    const exited = terminate(svc);
    await svc.waitFor(/shutting down/);
    expect(await events.next((m) => m.event === 'shutdown', 5000)).toMatchObject({ data: { code: 'shutting_down' } });
    await events.ended;
    expect(await refusesConnections(base)).toBe(true);
    inFlight.finish();
    expect((await inFlight.response).status).toBe(201);
    await exited;
    expect(svc.output()).toMatch(/"jobs":\{"finished":1,"handedBack":0\}/);

    // The job finished before the process left: done, charged once.
    svc = startService('serve', env);
    await svc.waitFor(/clipwright started/, 60_000);
    const task = (await client(base, creds).get(`/api/text_to_speech/${id}/`)).body;
    expect(task.status).toBe('done');
    expect(charges(id)).toBe(1);
    await terminate(svc);
  });

  it('short grace: the running job is handed back and the next start takes it at once, charged once', async () => {
    svc = startService('serve', { ...env, JOB_START_DELAY_MS: '20000', SHUTDOWN_GRACE_SECONDS: '1' });
    await svc.waitFor(/clipwright started/, 60_000);
    const before = (await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits;
    const id = await createTts(base, creds, await voiceOf(base, creds));
    await client(base, creds).until(`/api/text_to_speech/${id}/`, (b) => b.status === 'processing', 20_000);
    const exitMs = await terminate(svc);
    expect(exitMs).toBeLessThan(5000);
    expect(svc.output()).toMatch(/"jobs":\{"finished":0,"handedBack":1\}/);

    const restarted = Date.now();
    svc = startService('serve', env);
    await svc.waitFor(/clipwright started/, 60_000);
    const done = await client(base, creds).until(`/api/text_to_speech/${id}/`, (b) => b.status === 'done' || b.status === 'failed', 30_000);
    expect(done.status).toBe('done');
    // Taken at once, not after the 60 s lease of the run that was stopped.
    expect(Date.now() - restarted).toBeLessThan(30_000);
    expect(charges(id)).toBe(1);
    expect((await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits).toBe(before - 1);
    await terminate(svc);
    svc = null;
  });
});

describe('graceful shutdown, scaled (api + worker processes, PostgreSQL, BullMQ)', () => {
  let db: TestDatabase;
  let api: ServiceProcess;
  const workers: ServiceProcess[] = [];
  let base: string;
  let env: Record<string, string>;
  let creds: Creds;
  let voiceId: string;
  const charges = async (taskId: string) => {
    const c = new pg.Client({ connectionString: db.databaseUrl! });
    await c.connect();
    try {
      return (await c.query(`select count(*)::int as n from credit_ledger where task_id = $1 and kind = 'charge'`, [taskId])).rows[0].n as number;
    } finally {
      await c.end();
    }
  };
  const worker = async (extra: Record<string, string>) => {
    const w = startService('worker', { ...env, ...extra });
    workers.push(w);
    await w.waitFor(/clipwright started/, 60_000);
    return w;
  };

  beforeAll(async () => {
    db = await freshPostgres();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl!, REDIS_URL, JOB_LEASE_MS: LEASE_MS, SIGNING_SECRET: 'graceful-e2e-secret' };
    creds = await runAdmin(['accounts', 'create', '--name', 'graceful', '--credits', '10'], env);
    api = startService('api', { ...env, SHUTDOWN_GRACE_SECONDS: '30' });
    await api.waitFor(/clipwright started/, 60_000);
    voiceId = await voiceOf(base, creds);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await api.stop('SIGKILL');
    await db.drop();
  });

  it('worker, long grace: the running job finishes before the worker exits', async () => {
    const w = await worker({ JOB_START_DELAY_MS: '3000', SHUTDOWN_GRACE_SECONDS: '30' });
    const id = await createTts(base, creds, voiceId);
    const events = await openSse(`${base}/api/tasks/${id}/events`, headersOf(creds));
    await events.next((m) => m.event === 'status' && m.data.status === 'processing', 20_000);
    await terminate(w);
    expect(w.output()).toMatch(/"jobs":\{"finished":1,"handedBack":0\}/);
    // Finished by the worker that was stopping: the stream saw it end.
    expect(await events.next((m) => m.event === 'end', 5000)).toMatchObject({ data: { status: 'done' } });
    expect(await charges(id)).toBe(1);
  });

  it('worker, short grace: the job is handed back and a second worker finishes it well before the lease', async () => {
    const before = (await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits;
    const slow = await worker({ JOB_START_DELAY_MS: '20000', SHUTDOWN_GRACE_SECONDS: '1' });
    const id = await createTts(base, creds, voiceId);
    await client(base, creds).until(`/api/text_to_speech/${id}/`, (b) => b.status === 'processing', 20_000);
    await worker({});
    const stopped = Date.now();
    expect(await terminate(slow)).toBeLessThan(5000);
    expect(slow.output()).toMatch(/"jobs":\{"finished":0,"handedBack":1\}/);
    const done = await client(base, creds).until(`/api/text_to_speech/${id}/`, (b) => b.status === 'done' || b.status === 'failed', 30_000);
    expect(done.status).toBe('done');
    expect(Date.now() - stopped).toBeLessThan(15_000);
    expect(await charges(id)).toBe(1);
    expect((await client(base, creds).get('/api/remaining_credits/')).body.remaining_credits).toBe(before - 1);
  });

  it('api: event streams get `shutdown`, an in-flight request completes, new connections are refused', async () => {
    await Promise.all(workers.map((w) => terminate(w)));
    const id = await createTts(base, creds, voiceId);
    const events = await openSse(`${base}/api/tasks/${id}/events`, headersOf(creds));
    await events.next((m) => m.event === 'status' && m.data.status === 'pending');
    const inFlight = slowPost(`${base}/api/text_to_speech/`, headersOf(creds), { text: 'Sent while the API stops.', voice_id: voiceId });
    await new Promise((r) => setTimeout(r, 200));
    const exited = terminate(api);
    await api.waitFor(/shutting down/);
    expect(await events.next((m) => m.event === 'shutdown', 5000)).toMatchObject({ event: 'shutdown' });
    await events.ended;
    expect(await refusesConnections(base)).toBe(true);
    inFlight.finish();
    expect((await inFlight.response).status).toBe(201);
    await exited;
    expect(api.output()).toMatch(/"http":\{"inTime":true,"streamsEnded":1\}/);
  });
});
