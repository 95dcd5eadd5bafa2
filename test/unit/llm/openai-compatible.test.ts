import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectStream, LlmError, type LlmStreamEvent } from '../../../src/engines/llm/port.js';
import { chatCompletionBody, OpenAiCompatibleLlm, toOpenAiMessages } from '../../../src/engines/llm/openai-compatible.js';
import { startChatServer, type ChatServer } from '../../helpers/openai-chat-server.js';

describe('OpenAI-compatible chat completions adapter', () => {
  let server: ChatServer;
  let llm: OpenAiCompatibleLlm;
  beforeAll(async () => {
    server = await startChatServer({ apiKey: 'sk-test' });
    llm = new OpenAiCompatibleLlm({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      models: [{ name: 'remote-small', providerModel: 'provider/small-1' }, { name: 'gpt-test' }],
    });
  });
  afterAll(() => server.close());

  it('maps the conversation: system, model turns, function calls and their responses', () => {
    const messages = toOpenAiMessages({
      systemInstruction: 'Be brief.',
      messages: [
        { role: 'user', content: 'Weather in Lyon?' },
        { role: 'model', content: '', functionCall: { name: 'get_weather', args: { city: 'Lyon' } } },
        { role: 'user', content: '', functionResponse: { name: 'get_weather', response: { celsius: 21 } } },
        { role: 'model', content: 'It is 21 °C.' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Lyon?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":21}' },
      { role: 'assistant', content: 'It is 21 °C.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('maps config and tools onto the protocol', () => {
    const body = chatCompletionBody(
      {
        model: 'remote-small',
        messages: [{ role: 'user', content: 'hi' }],
        config: {
          temperature: 0.2,
          topP: 0.9,
          topK: 40,
          maxOutputTokens: 50,
          seed: 3,
          stopSequences: ['END'],
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'object' },
        },
        tools: [{ name: 'a', description: 'A', parameters: { type: 'object', properties: { x: { type: 'string' } } } }, { name: 'b' }],
        toolConfig: { mode: 'ANY', allowedFunctionNames: ['a'] },
      },
      'provider/small-1',
      true,
    );
    expect(body).toMatchObject({
      model: 'provider/small-1',
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 50,
      seed: 3,
      stop: ['END'],
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object' } } },
      tool_choice: { type: 'function', function: { name: 'a' } },
      stream: true,
    });
    expect(body).not.toHaveProperty('top_k');
    expect((body.tools as unknown[]).length).toBe(1);
  });

  it('generates: text, usage and the provider model id, with the bearer key', async () => {
    server.setReply(() => ({ text: 'Bright mornings, gently.' }));
    const r = await llm.generate({ model: 'remote-small', messages: [{ role: 'user', content: 'Tagline for a lamp' }] });
    expect(r).toEqual({ text: 'Bright mornings, gently.', functionCalls: [], finishReason: 'stop', usage: { inputTokens: 11, outputTokens: 3 } });
    expect(server.requests.at(-1)).toMatchObject({ body: { model: 'provider/small-1' }, authorization: 'Bearer sk-test' });
    expect(llm.models().map((m) => m.name)).toEqual(['remote-small', 'gpt-test']);
  });

  it('streams deltas as the provider sends them, reassembling split lines and tool-call arguments', async () => {
    server.setReply(() => ({ text: 'One two three four five six.', toolCalls: [{ name: 'save', arguments: '{"title":"Lamp","tags":["a","b"]}' }] }));
    const events: LlmStreamEvent[] = [];
    for await (const e of llm.stream({ model: 'gpt-test', messages: [{ role: 'user', content: 'go' }] })) events.push(e);
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBe(6);
    expect(deltas.map((d) => (d as { text: string }).text).join('')).toBe('One two three four five six.');
    expect(events.filter((e) => e.type === 'function_call')).toEqual([
      { type: 'function_call', call: { name: 'save', args: { title: 'Lamp', tags: ['a', 'b'] } } },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'function_call', usage: { inputTokens: 11, outputTokens: 6 } });
    expect(server.requests.at(-1)!.body.stream).toBe(true);
  });

  it('reports a refusal with the provider message, and outages as retryable', async () => {
    server.setReply(() => ({ status: 400, error: "Unsupported parameter: 'seed'" }));
    const refused = await llm.generate({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(refused).toBeInstanceOf(LlmError);
    expect(refused).toMatchObject({ kind: 'rejected', status: 400, transient: false });
    expect(refused.message).toContain("Unsupported parameter: 'seed'");
    server.setReply(() => ({ status: 503, error: 'overloaded' }));
    expect(await collectStream(llm.stream({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] })).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      transient: true,
    });
    const wrongKey = new OpenAiCompatibleLlm({ baseUrl: `${server.baseUrl}/v1`, apiKey: 'nope', models: [{ name: 'gpt-test' }] });
    server.setReply(() => ({ text: 'never' }));
    expect(await wrongKey.generate({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e)).toMatchObject({
      kind: 'rejected',
      status: 401,
    });
  });

  it('fails a stream the provider drops, and stops when the caller aborts', async () => {
    server.setReply(() => ({ text: 'a b c d e f g h', dropAfterChunks: 3 }));
    const dropped = await collectStream(llm.stream({ model: 'gpt-test', messages: [{ role: 'user', content: 'x' }] })).catch((e) => e);
    expect(dropped).toBeInstanceOf(LlmError);
    expect(dropped.transient).toBe(true);

    const slow = await startChatServer({ chunkDelayMs: 50 });
    try {
      const slowLlm = new OpenAiCompatibleLlm({ baseUrl: slow.baseUrl, models: [{ name: 'm' }] });
      slow.setReply(() => ({ text: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ') }));
      const controller = new AbortController();
      let received = 0;
      const err = await (async () => {
        for await (const e of slowLlm.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }], signal: controller.signal })) {
          if (e.type === 'delta' && ++received === 3) controller.abort();
        }
      })().catch((e) => e);
      expect(err).toMatchObject({ kind: 'aborted' });
      expect(received).toBeLessThan(10);
    } finally {
      await slow.close();
    }
  });

  it('says when the provider cannot be reached', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startChatServer();
    const port = new URL(closed.baseUrl).port;
    await closed.close();
    const nowhere = new OpenAiCompatibleLlm({ baseUrl: `http://127.0.0.1:${port}`, models: [{ name: 'm' }] });
    const err = await nowhere.generate({ model: 'm', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toMatchObject({ kind: 'unavailable' });
    expect(err.message).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });
});
