import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, REDIS_URL, type TestDatabase } from '../helpers/databases.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';
import { openSse, statusIs, type SseMessage } from '../helpers/sse-client.js';
import { fileUrl } from '../helpers/api-types.js';

const TEXT = Array.from({ length: 8 }, (_, i) => `Sentence number ${i + 1} of a text long enough to report its progress while it is spoken.`).join(' ');
const notComment = (m: SseMessage) => m.event !== 'comment' && m.event !== 'retry';

/** Black box: the API process streams what a separate worker process does (PostgreSQL LISTEN/NOTIFY). */
describe('task events across processes (api + worker, PostgreSQL, BullMQ)', () => {
  let db: TestDatabase;
  let api: ServiceProcess;
  let worker: ServiceProcess | null = null;
  let base: string;
  let env: Record<string, string>;
  let creds: { api_id: string; api_key: string };
  const headers = () => ({ 'x-api-id': creds.api_id, 'x-api-key': creds.api_key });

  beforeAll(async () => {
    db = await freshPostgres();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl!,
      REDIS_URL,
      SIGNING_SECRET: 'events-e2e-secret',
      EVENTS_HEARTBEAT_SECONDS: '1',
    };
    creds = await runAdmin(['accounts', 'create', '--name', 'events', '--credits', '5'], env);
    api = startService('api', env);
    await api.waitFor(/clipwright started/);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await api.stop();
    await db.drop();
  });

  it('a client sees pending → processing → progress → done from another process, then the stream closes; resume and 404 too', async () => {
    const http = client(base, creds);
    const voiceId = (await http.get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
    const created = await http.post('/api/text_to_speech/', { text: TEXT, voice_id: voiceId });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const s = await openSse(`${base}/api/tasks/${id}/events`, headers());
    expect(s.status).toBe(200);
    expect(await s.next(notComment)).toMatchObject({ event: 'status', data: { id, status: 'pending' } });
    // Heartbeats while nothing moves (1 s in this test).
    await s.next((m) => m.event === 'comment' && m.data === 'heartbeat', 5000);

    // The job runs in another process; the start delay keeps `processing` apart from `done`.
    worker = startService('worker', { ...env, JOB_START_DELAY_MS: '1500' });
    await worker.waitFor(/clipwright started/, 60_000);
    const processing = await s.next(statusIs('processing'), 30_000);
    const done = await s.next(statusIs('done'), 60_000);
    const end = await s.next(notComment);
    expect(end).toMatchObject({ event: 'end', data: { id, status: 'done', failed_reason: null } });
    await s.ended;
    const between = s.messages.slice(s.messages.indexOf(processing) + 1, s.messages.indexOf(done)).filter(notComment);
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((m) => m.event === 'progress' && m.data.progress > 0 && m.data.progress <= 100)).toBe(true);
    expect(done.data.task.output).toMatch(/^http/);
    expect((await fetch(fileUrl(done.data.task.output))).status).toBe(200);
    const ids = s.messages.filter(notComment).map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Resume from `processing`: the current state (done) first, then end.
    const resumed = await openSse(`${base}/api/tasks/${id}/events`, { ...headers(), 'last-event-id': processing.id! });
    await resumed.ended;
    expect(resumed.messages.filter(notComment)).toMatchObject([
      { event: 'status', data: { status: 'done' } },
      { event: 'end', data: { status: 'done' } },
    ]);

    const other = await runAdmin(['accounts', 'create', '--name', 'someone-else', '--credits', '0'], env);
    const foreign = await fetch(`${base}/api/tasks/${id}/events`, { headers: { 'x-api-id': other.api_id, 'x-api-key': other.api_key } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: 'No task matches the given query.', code: 'not_found' });
  });
});
