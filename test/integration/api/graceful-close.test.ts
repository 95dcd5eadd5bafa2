import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully } from '../../../src/api/graceful-close.js';
import { buildServer, type App } from '../../../src/api/server.js';
import { apiDeps } from '../../../src/app/api-deps.js';
import type { ServerDeps } from '../../../src/api/server.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startChatServer, type ChatServer } from '../../helpers/openai-chat-server.js';
import { openSse } from '../../helpers/sse-client.js';

/** The API side of SIGTERM, on a server of its own built from the test app's container. */
describe('closeGracefully (the API side of a shutdown)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let chat: ChatServer;
  let voiceId: string;

  beforeAll(async () => {
    // Slow enough that a generation is still streaming when the grace period ends.
    chat = await startChatServer({ chunkDelayMs: 300 });
    db = await freshSqlite();
    t = await startTestApp(db, { LLM_REMOTE_BASE_URL: chat.baseUrl, LLM_REMOTE_MODELS: 'slow-chat' }, { consume: false });
    voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en&page_size=1', headers: t.headers })).json().results[0].id;
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    await chat.close();
  });

  const serve = async (): Promise<{ app: App; deps: ServerDeps; base: string }> => {
    const deps = apiDeps(t.c);
    const app = await buildServer(deps);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, deps, base };
  };
  const pendingTask = async () =>
    (
      await t.app.inject({ method: 'POST', url: '/api/text_to_speech/', headers: t.headers, payload: { text: 'Waiting for a worker.', voice_id: voiceId } })
    ).json().id as string;

  it('ends task event streams at once with `shutdown` and closes in time when nothing else is in flight', async () => {
    const { app, deps, base } = await serve();
    const s = await openSse(`${base}/api/tasks/${await pendingTask()}/events`, t.headers);
    await s.next((m) => m.event === 'status');
    const started = Date.now();
    const report = await closeGracefully(app, deps.streams, 10_000);
    expect(report).toEqual({ inTime: true, streamsEnded: 1 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await s.next((m) => m.event === 'shutdown')).toMatchObject({ data: { code: 'shutting_down' } });
    await s.ended;
  });

  it('gives a streamed generation the grace period, then ends it with `shutdown` and closes the connection', async () => {
    const { app, deps, base } = await serve();
    const text = await fetch(`${base}/api/text_generator/stream/`, {
      method: 'POST',
      headers: { ...t.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'slow-chat', messages: [{ role: 'user', content: 'Say many words, slowly, one after another, please.' }] }),
    });
    expect(text.status).toBe(200);
    const reading = new Response(text.body).text();
    await new Promise((r) => setTimeout(r, 400));
    const started = Date.now();
    const report = await closeGracefully(app, deps.streams, 500);
    expect(report).toEqual({ inTime: false, streamsEnded: 1 });
    expect(Date.now() - started).toBeLessThan(2500);
    const body = await reading;
    expect(body).toContain('event: delta');
    expect(body.trimEnd().split('\n\n').at(-1)).toMatch(/^event: shutdown\ndata: \{"detail":.*"code":"shutting_down"\}$/);
  });
});
