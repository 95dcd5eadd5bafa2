import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshPostgres, REDIS_URL, type TestDatabase } from '../helpers/databases.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';
import { fileUrl } from '../helpers/api-types.js';

/** Black box: PostgreSQL + BullMQ, with the API and the workers as separate processes. */
describe('scaled mode (api + worker processes, PostgreSQL, BullMQ)', () => {
  let db: TestDatabase;
  let api: ServiceProcess;
  const workers: ServiceProcess[] = [];
  let base: string;
  let env: Record<string, string>;
  let creds: { api_id: string; api_key: string; account_id: string };

  beforeAll(async () => {
    db = await freshPostgres();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl!, REDIS_URL, JOB_LEASE_MS: '2000', SIGNING_SECRET: 'scaled-test-secret' };
    creds = await runAdmin(['accounts', 'create', '--name', 'scaled', '--credits', '5'], env);
    api = startService('api', env);
    await api.waitFor(/clipwright started/);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await api.stop();
    await db.drop();
  });

  it('admin CLI: creates accounts, grants credits and rotates keys, printing JSON', async () => {
    expect(creds).toMatchObject({ account_id: expect.any(String), api_id: expect.any(String), api_key: expect.any(String), credits: 5 });
    const granted = await runAdmin(['credits', 'grant', '--api-id', creds.api_id, '--amount', '3'], env);
    expect(granted.remaining_credits).toBe(8);
    const other = await runAdmin(['accounts', 'create', '--name', 'rot', '--credits', '0'], env);
    const rotated = await runAdmin(['keys', 'rotate', '--api-id', other.api_id], env);
    expect(rotated.account_id).toBe(other.account_id);
    expect((await client(base, other).get('/api/remaining_credits/')).status).toBe(401);
    expect((await client(base, rotated).get('/api/remaining_credits/')).status).toBe(200);
  });

  it('a worker killed with SIGKILL mid-job: another takes the job up and the task is done, charged once', async () => {
    const http = client(base, creds);
    const slow = startService('worker', { ...env, JOB_START_DELAY_MS: '5000' });
    workers.push(slow);
    await slow.waitFor(/clipwright started/);
    const before = (await http.get('/api/remaining_credits/')).body.remaining_credits;
    const voiceId = (await http.get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
    const created = await http.post('/api/text_to_speech/', { text: 'The scaled mode survives a crash.', voice_id: voiceId });
    expect(created.status).toBe(201);
    await http.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'processing', 20_000);
    await slow.stop('SIGKILL');

    const survivor = startService('worker', env);
    workers.push(survivor);
    await survivor.waitFor(/clipwright started/);
    const done = await http.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'done' || b.status === 'failed', 60_000);
    expect(done.status).toBe('done');
    expect(done.output).toMatch(/^http/);
    expect((await fetch(fileUrl(done.output))).status).toBe(200);
    expect((await http.get('/api/remaining_credits/')).body.remaining_credits).toBe(before - 1);

    const c = new pg.Client({ connectionString: db.databaseUrl! });
    await c.connect();
    const charges = await c.query(`select count(*)::int as n from credit_ledger where task_id = $1 and kind = 'charge'`, [created.body.id]);
    await c.end();
    expect(charges.rows[0].n).toBe(1);
  });
});
