import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { openSse, statusIs } from '../../helpers/sse-client.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe.each(databases)('GET /api/tasks/{id}/events (extension) on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let base: string;
  let voiceId: string;

  beforeAll(async () => {
    db = await makeDb();
    // Jobs are not consumed: each test moves its task by hand through the store the workers use.
    t = await startTestApp(db, { EVENTS_HEARTBEAT_SECONDS: '1' }, { consume: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en&page_size=1', headers: t.headers })).json().results[0].id;
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const createTts = async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: t.headers,
      payload: { text: 'Events as they happen.', voice_id: voiceId },
    });
    expect(r.statusCode).toBe(201);
    return r.json().id as string;
  };
  const move = async (id: string, from: 'pending' | 'processing', patch: Record<string, unknown>) => {
    await tick();
    expect(await t.c.store.tasks.transition(id, [from], patch, new Date().toISOString())).not.toBeNull();
  };
  const progress = async (id: string, percent: number) => {
    await tick();
    await t.c.store.tasks.setProgress(id, percent, new Date().toISOString());
  };
  const events = (url: string, extra: Record<string, string> = {}) => openSse(base + url, { ...t.headers, ...extra });
  const notComment = (m: { event: string }) => m.event !== 'comment' && m.event !== 'retry';

  it('streams the current state, status and progress changes with numbered ids, then end, and closes', async () => {
    const id = await createTts();
    const s = await events(`/api/tasks/${id}/events`);
    expect(s.status).toBe(200);
    const first = await s.next(notComment);
    expect(first).toMatchObject({ event: 'status', id: expect.stringMatching(/^\d+$/), data: { id, status: 'pending', progress: 0, failed_reason: null } });
    // The task body is the group's GET body.
    expect(first).toMatchObject({ data: { task: { id, status: 'pending', voice_id: voiceId } } });

    await move(id, 'pending', { status: 'processing' });
    const processing = await s.next(notComment);
    expect(processing).toMatchObject({ event: 'status', data: { status: 'processing' } });
    expect(Number(processing.id)).toBeGreaterThan(Number(first.id));

    await progress(id, 40);
    expect(await s.next(notComment)).toMatchObject({ event: 'progress', data: { id, status: 'processing', progress: 40 } });

    await move(id, 'processing', { status: 'failed', failedReason: 'broken on purpose', finishedAt: new Date().toISOString() });
    expect(await s.next(notComment)).toMatchObject({ event: 'status', data: { status: 'failed', failed_reason: 'broken on purpose' } });
    expect(await s.next(notComment)).toMatchObject({ event: 'end', data: { id, status: 'failed', failed_reason: 'broken on purpose' } });
    await s.ended;
  });

  it('sends heartbeat comments every EVENTS_HEARTBEAT_SECONDS', async () => {
    const id = await createTts();
    const s = await events(`/api/tasks/${id}/events`);
    const started = Date.now();
    await s.next((m) => m.event === 'comment' && m.data === 'heartbeat', 3000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    s.close();
  });

  it('resumes with Last-Event-ID: nothing repeated when unchanged, the current state first when it changed', async () => {
    const id = await createTts();
    await move(id, 'pending', { status: 'processing' });
    await progress(id, 25);
    const s1 = await events(`/api/tasks/${id}/events`);
    const seen = await s1.next(notComment);
    expect(seen).toMatchObject({ event: 'status', data: { status: 'processing', progress: 25 } });
    s1.close();

    // Unchanged: the resumed stream says nothing until something moves (a heartbeat comes first).
    const s2 = await events(`/api/tasks/${id}/events`, { 'last-event-id': seen.id! });
    await s2.next((m) => m.event === 'comment' && m.data === 'heartbeat', 3000);
    expect(s2.messages.filter(notComment)).toEqual([]);
    await progress(id, 50);
    expect(await s2.next(notComment)).toMatchObject({ event: 'progress', data: { progress: 50 } });
    s2.close();

    // Moved while the client was away: the first event is the current state.
    await progress(id, 75);
    const s3 = await events(`/api/tasks/${id}/events`, { 'last-event-id': seen.id! });
    expect(await s3.next(notComment)).toMatchObject({ event: 'status', data: { status: 'processing', progress: 75 } });
    await move(id, 'processing', { status: 'done', progress: 100, finishedAt: new Date().toISOString() });
    expect(await s3.next(notComment)).toMatchObject({ event: 'status', data: { status: 'done', progress: 100 } });
    const end = await s3.next(notComment);
    expect(end.event).toBe('end');
    await s3.ended;

    // A finished task's stream: its state (unless already seen), end, closed at once.
    const s4 = await events(`/api/tasks/${id}/events`, { 'last-event-id': end.id! });
    await s4.ended;
    expect(s4.messages.filter(notComment).map((m) => m.event)).toEqual(['end']);
  });

  it("answers 404 with the contract's body for another account's task and an unknown id, and 401 without credentials", async () => {
    const id = await createTts();
    const other = await t.c.accounts.create('other', 1);
    const foreign = await fetch(`${base}/api/tasks/${id}/events`, { headers: { 'x-api-id': other.api_id, 'x-api-key': other.api_key } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: 'No task matches the given query.', code: 'not_found' });
    const unknown = await fetch(`${base}/api/tasks/00000000-0000-4000-8000-000000000000/events`, { headers: t.headers });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('not_found');
    const anonymous = await fetch(`${base}/api/tasks/${id}/events`);
    expect(anonymous.status).toBe(401);
  });

  it('ends with the done task (output URL) when a real worker runs the job', async () => {
    const id = await createTts();
    const s = await events(`/api/tasks/${id}/events`);
    expect(await s.next(notComment)).toMatchObject({ event: 'status', data: { status: 'pending' } });
    await t.c.queue.startConsuming(t.c.runner.run);
    await s.next(statusIs('processing'), 30_000);
    const done = await s.next(statusIs('done'), 60_000);
    expect(done.data.task.output).toMatch(/^http/);
    expect(await s.next(notComment)).toMatchObject({ event: 'end', data: { status: 'done' } });
    await s.ended;
  });
});
