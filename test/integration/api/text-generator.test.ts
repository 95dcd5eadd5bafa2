import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse, type SseEvent } from '../../../src/engines/llm/sse.js';
import { startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { startChatServer, type ChatServer } from '../../helpers/openai-chat-server.js';
import { startPageServer } from '../../helpers/page-server.js';
import type { ResultOf } from '../../../packages/sdk/src/index.js';

const LAMP = 'Title: Aurora Sunrise Lamp\nDescription: A warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.\nPrice: 49.90 EUR';

describe('Text Generator', () => {
  let db: TestDatabase;
  let t: TestApp;
  let chat: ChatServer;
  let base: string;
  beforeAll(async () => {
    chat = await startChatServer({ apiKey: 'sk-loopback', chunkDelayMs: 5 });
    db = await freshSqlite();
    t = await startTestApp(
      db,
      {
        LLM_REMOTE_BASE_URL: chat.baseUrl,
        LLM_REMOTE_API_KEY: 'sk-loopback',
        LLM_REMOTE_MODELS: 'remote-chat=provider/chat-1,remote-mini',
        TEXT_GENERATION_CREDITS: '1',
        JOB_MAX_ATTEMPTS: '2',
      },
      { credits: 50 },
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    await chat.close();
  });

  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;
  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: t.headers, payload });

  /** Reads a streamed answer over a real socket, event by event, as a client would. */
  async function stream(
    path: string,
    payload: Record<string, unknown>,
  ): Promise<{ status: number; contentType: string | null; events: SseEvent[]; json?: Record<string, string[]> }> {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { ...t.headers, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    if (!r.headers.get('content-type')?.startsWith('text/event-stream'))
      return { status: r.status, contentType: r.headers.get('content-type'), events: [], json: await r.json() };
    const events: SseEvent[] = [];
    for await (const e of parseSse(r.body as unknown as AsyncIterable<Uint8Array>)) events.push(e);
    return { status: r.status, contentType: r.headers.get('content-type'), events };
  }

  it('answers sync: true with the finished text of a built-in model, charged at the configured price', async () => {
    const before = await credits();
    const r = await post('/api/text_generator/', {
      model_name: 'clipwright-headlines',
      messages: [{ role: 'user', content: `${LAMP}\nGive me 4 headlines` }],
      sync: true,
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({
      status: 'done',
      progress: 100,
      model_name: 'clipwright-headlines',
      credits_used: 1,
      response_function_calls: [],
      finish_reason: 'stop',
    });
    const [headlines, tags] = body.response_text.split('\n\n');
    expect(headlines.split('\n')).toHaveLength(4);
    expect(tags).toContain('#AuroraSunriseLamp');
    expect(await credits()).toBe(before - 1);
    expect(body.messages).toEqual([{ role: 'user', content: `${LAMP}\nGive me 4 headlines` }]);
  });

  it('queues without sync and is polled to done; the /sse/ alias reads the same task', async () => {
    const r = await post('/api/text_generator/', {
      model_name: 'clipwright-summary',
      messages: [
        {
          role: 'user',
          content:
            'Summarize in 1 sentence: Bike lanes were approved by the council on Tuesday after a long debate. The weather was nice. Construction starts in spring.',
        },
      ],
      config: { temperature: 0.3, max_output_tokens: 200 },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', response_text: null, config: { temperature: 0.3, max_output_tokens: 200 } });
    const done = await waitForTask(t, `/api/text_generator/${r.json().id}/`);
    expect(done.status).toBe('done');
    expect(done.response_text).toBe('Bike lanes were approved by the council on Tuesday after a long debate.');
    const alias = await t.app.inject({ method: 'GET', url: `/sse/text_generator/${done.id}/`, headers: t.headers });
    expect(alias.json()).toEqual(done);
    const list = (await t.app.inject({ method: 'GET', url: '/api/text_generator/', headers: t.headers })).json();
    expect(list.map((x: { id: string }) => x.id)).toContain(done.id);
  });

  it('streams a built-in model as Server-Sent Events: deltas, then the finished task', async () => {
    const before = await credits();
    const s = await stream('/api/text_generator/stream/', {
      model_name: 'clipwright-script',
      messages: [{ role: 'user', content: `${LAMP}\nWrite a 30 second StoryTimeWriter script.` }],
      config: { seed: 3 },
    });
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    const deltas = s.events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data));
    expect(deltas.length).toBeGreaterThan(15);
    const done = s.events.at(-1)!;
    expect(done.event).toBe('done');
    const task = JSON.parse(done.data);
    expect(deltas.every((d) => d.id === task.id)).toBe(true);
    expect(deltas.map((d) => d.text).join('')).toBe(task.response_text);
    expect(task.response_text).toMatch(/^Let me tell you|^Story time|^So here's what/);
    expect(task).toMatchObject({ status: 'done', credits_used: 1 });
    const saved = (await t.app.inject({ method: 'GET', url: `/api/text_generator/${task.id}/`, headers: t.headers })).json();
    expect(saved).toEqual(task);
    expect(await credits()).toBe(before - 1);
  });

  it('passes a configured provider’s stream through, chunk by chunk, under the /sse/ alias', async () => {
    chat.setReply((b) => ({ text: `Provider answer to ${b.messages.length} messages: bright mornings start with a gentle light.` }));
    const s = await stream('/sse/text_generator/stream/', {
      model_name: 'remote-chat',
      system_instruction: 'You write ad copy.',
      messages: [
        { role: 'user', content: 'Tagline?' },
        { role: 'model', content: 'Which product?' },
        { role: 'user', content: 'A sunrise lamp.' },
      ],
      config: { temperature: 0.7, max_output_tokens: 60, stop_sequences: ['###'] },
    });
    const deltas = s.events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data).text);
    const wordChunks = chat.lastStreamChunks.filter((c) => c.includes('"content":"') && !c.includes('"content":""'));
    expect(deltas).toHaveLength(wordChunks.length);
    expect(deltas.join('')).toBe('Provider answer to 4 messages: bright mornings start with a gentle light.');
    const task = JSON.parse(s.events.at(-1)!.data);
    expect(task).toMatchObject({ status: 'done', model_name: 'remote-chat', usage: { input_tokens: 11 } });
    const sent = chat.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-loopback');
    expect(sent.body).toMatchObject({
      model: 'provider/chat-1',
      stream: true,
      temperature: 0.7,
      max_tokens: 60,
      stop: ['###'],
      messages: [
        { role: 'system', content: 'You write ad copy.' },
        { role: 'user', content: 'Tagline?' },
        { role: 'assistant', content: 'Which product?' },
        { role: 'user', content: 'A sunrise lamp.' },
      ],
    });
  });

  it('returns a provider’s function calls, and sends the declared tools', async () => {
    chat.setReply(() => ({ toolCalls: [{ name: 'find_product', arguments: '{"query":"sunrise lamp","limit":3}' }] }));
    const r = await post('/api/text_generator/', {
      model_name: 'remote-mini',
      messages: [{ role: 'user', content: 'Find me a lamp' }],
      tools: [
        {
          function_declarations: [
            { name: 'find_product', description: 'Search the shop', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
          ],
        },
      ],
      tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['find_product'] } },
      sync: true,
    });
    expect(r.json()).toMatchObject({
      status: 'done',
      response_text: '',
      response_function_calls: [{ name: 'find_product', args: { query: 'sunrise lamp', limit: 3 } }],
      finish_reason: 'function_call',
    });
    expect(chat.requests.at(-1)!.body).toMatchObject({
      model: 'remote-mini',
      tools: [{ type: 'function', function: { name: 'find_product' } }],
      tool_choice: { type: 'function', function: { name: 'find_product' } },
    });
    expect(chat.requests.at(-1)!.body.stream).toBeUndefined();
  });

  it('sends an error event and fails the task (credits released) when the provider refuses mid-request', async () => {
    chat.setReply(() => ({ status: 400, error: 'This model does not support stop sequences.' }));
    const before = await credits();
    const s = await stream('/api/text_generator/stream/', { model_name: 'remote-chat', messages: [{ role: 'user', content: 'hi' }] });
    expect(s.status).toBe(200);
    expect(s.events.filter((e) => e.event === 'delta')).toHaveLength(0);
    const err = s.events.at(-1)!;
    expect(err.event).toBe('error');
    const body = JSON.parse(err.data);
    expect(body).toMatchObject({ code: 'generation_failed' });
    expect(body.detail).toMatch(/remote-chat refused the request: .*does not support stop sequences/);
    const task = (await t.app.inject({ method: 'GET', url: `/api/text_generator/${body.id}/`, headers: t.headers })).json();
    expect(task).toMatchObject({ status: 'failed', credits_used: 0, response_text: null });
    expect(await credits()).toBe(before);
  });

  it('retries a provider outage in the queue, then fails with an actionable reason', async () => {
    chat.setReply(() => ({ status: 503, error: 'overloaded' }));
    const calls = chat.requests.length;
    const r = await post('/api/text_generator/', { model_name: 'remote-mini', messages: [{ role: 'user', content: 'hi' }] });
    const failed = await waitForTask(t, `/api/text_generator/${r.json().id}/`);
    expect(failed.status).toBe('failed');
    expect(failed.failed_reason).toMatch(/remote-mini is unavailable right now .*503.*Try again later/);
    expect(chat.requests.length - calls).toBe(2);
  });

  it('answers 400 JSON before any stream for an unknown model or a bad body, and 402 without credits', async () => {
    const unknown = await stream('/api/text_generator/stream/', { model_name: 'gpt-17', messages: [{ role: 'user', content: 'hi' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.contentType).toMatch(/application\/json/);
    expect(unknown.json?.model_name?.[0]).toBe(
      'Unknown model "gpt-17". Available models: clipwright-ad-copy, clipwright-script, clipwright-headlines, clipwright-summary, remote-chat, remote-mini.',
    );
    const sync = await post('/api/text_generator/', { model_name: 'gpt-17', messages: [{ role: 'user', content: 'hi' }], sync: true });
    expect(sync.statusCode).toBe(400);
    expect(sync.json().model_name[0]).toMatch(/Available models: clipwright-ad-copy/);
    const noMessages = await post('/api/text_generator/', { model_name: 'clipwright-summary', messages: [] });
    expect(noMessages.json()).toEqual({ messages: ['This list may not be empty.'] });
    const badRole = await post('/sse/text_generator/', { model_name: 'clipwright-summary', messages: [{ role: 'assistant', content: 'x' }] });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()['messages.0.role'][0]).toMatch(/user.*model/);
    const badTool = await post('/api/text_generator/', {
      model_name: 'remote-mini',
      messages: [{ role: 'user', content: 'x' }],
      tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['nope'] } },
    });
    expect(badTool.json()['tool_config.function_calling_config.allowed_function_names'][0]).toMatch(/not one of the declared functions/);
    const poor = await t.c.accounts.create('poor', 0);
    const r = await fetch(`${base}/api/text_generator/stream/`, {
      method: 'POST',
      headers: { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'clipwright-summary', messages: [{ role: 'user', content: 'One. Two.' }] }),
    });
    expect(r.status).toBe(402);
    expect((await r.json()).code).toBe('insufficient_credits');
  });

  it('posts the finished task to webhook_url, for streamed and queued tasks alike', async () => {
    const hooks = await startPageServer();
    const received: ResultOf<'/api/text_generator/{id}/'>[] = [];
    hooks.route('/hook', (req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push(JSON.parse(data));
        res.writeHead(204).end();
      });
    });
    try {
      const s = await stream('/api/text_generator/stream/', {
        model_name: 'clipwright-ad-copy',
        messages: [{ role: 'user', content: LAMP }],
        webhook_url: hooks.url('/hook'),
      });
      const streamed = JSON.parse(s.events.at(-1)!.data);
      const queued = (
        await post('/api/text_generator/', { model_name: 'clipwright-ad-copy', messages: [{ role: 'user', content: LAMP }], webhook_url: hooks.url('/hook') })
      ).json();
      const deadline = Date.now() + 20_000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const byId = new Map(received.map((b) => [b.id, b]));
      expect(byId.get(streamed.id)).toEqual(streamed);
      expect(byId.get(queued.id)).toMatchObject({ status: 'done', response_text: expect.stringContaining('Aurora Sunrise Lamp') });
    } finally {
      await hooks.close();
    }
  });

  it('finishes and saves a streamed task even when the client goes away', async () => {
    chat.setReply(() => ({ text: Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ') }));
    const controller = new AbortController();
    const r = await fetch(`${base}/api/text_generator/stream/`, {
      method: 'POST',
      headers: { ...t.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'remote-chat', messages: [{ role: 'user', content: 'long' }] }),
      signal: controller.signal,
    });
    let id: string | null = null;
    try {
      for await (const e of parseSse(r.body as unknown as AsyncIterable<Uint8Array>)) {
        if (e.event === 'delta') {
          id = JSON.parse(e.data).id;
          controller.abort();
        }
      }
    } catch {
      // The abort ends the read.
    }
    expect(id).not.toBeNull();
    const task = await waitForTask(t, `/api/text_generator/${id}/`);
    expect(task.status).toBe('done');
    expect(task.response_text!.split(' ')).toHaveLength(60);
  });
});
