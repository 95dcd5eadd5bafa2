import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../src/engines/llm/sse.js';
import { freshSqlite, type TestDatabase } from '../helpers/databases.js';
import { startChatServer, type ChatServer } from '../helpers/openai-chat-server.js';
import { client, randomPort, startService, type ServiceProcess } from '../helpers/service-process.js';

/**
 * Black box: `clipwright serve` killed with SIGKILL while it streams a text generation (a
 * loopback provider sending one word every 300 ms), then started again: the restarted process's
 * lease sweep fails the task the dead one left and gives the credits back.
 */
describe('a streamed text generation whose server dies mid-stream', () => {
  let db: TestDatabase;
  let chat: ChatServer;
  let svc: ServiceProcess;
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    chat = await startChatServer({ chunkDelayMs: 300 });
    chat.setReply(() => ({ text: Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ') }));
    db = await freshSqlite();
    const port = randomPort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      DATA_DIR: db.dataDir,
      DEFAULT_ACCOUNT_CREDITS: '10',
      TEXT_GENERATION_CREDITS: '1',
      LLM_REMOTE_BASE_URL: chat.baseUrl,
      LLM_REMOTE_MODELS: 'slow-chat',
      INLINE_LEASE_SECONDS: '3',
      INLINE_SWEEP_SECONDS: '1',
    };
    svc = startService('serve', env);
    await svc.waitFor(/clipwright started/);
  });
  afterAll(async () => {
    await svc.stop();
    await chat.close();
    await db.drop();
  });

  it('ends the task failed with a reason to send it again, and the held credit back', async () => {
    const creds = JSON.parse(readFileSync(join(db.dataDir, 'credentials.json'), 'utf8'));
    const api = client(base, creds);
    const before = (await api.get('/api/remaining_credits/')).body.remaining_credits;

    const response = await fetch(`${base}/api/text_generator/stream/`, {
      method: 'POST',
      headers: { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'slow-chat', messages: [{ role: 'user', content: 'Write a long story.' }], config: { max_output_tokens: 1000 } }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Read until the model has started writing, then kill the server mid-stream.
    let taskId: string | null = null;
    for await (const event of parseSse(response.body as unknown as AsyncIterable<Uint8Array>)) {
      if (event.event === 'delta') {
        taskId = JSON.parse(event.data).id;
        break;
      }
    }
    expect(taskId).not.toBeNull();
    const running = (await api.get(`/api/text_generator/${taskId}/`)).body;
    expect(running.status).toBe('processing');
    expect((await api.get('/api/remaining_credits/')).body.remaining_credits).toBe(before - 1);
    await svc.stop('SIGKILL');

    svc = startService('serve', env);
    await svc.waitFor(/clipwright started/);
    const ended = await api.until(`/api/text_generator/${taskId}/`, (b) => b.status !== 'processing');
    expect(ended.status).toBe('failed');
    expect(ended.failed_reason).toMatch(/stopped before it finished.*nothing was charged.*send the request again/);
    expect(ended.credits_used ?? 0).toBe(0);
    expect((await api.get('/api/remaining_credits/')).body.remaining_credits).toBe(before);
    expect(svc.output()).toMatch(/inline task abandoned by its process/);
  });
});
