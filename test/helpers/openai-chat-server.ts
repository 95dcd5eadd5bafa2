import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatReply {
  text?: string;
  toolCalls?: { name: string; arguments: string }[];
  /** Answer with this HTTP status and error body instead. */
  status?: number;
  error?: string;
  /** Streaming: stop sending after this many chunks and close the socket (a dropped stream). */
  dropAfterChunks?: number;
}

/** The fields of a chat completions request the fake reads; the rest stays for the tests' matchers. */
export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string | null }[];
  stream?: boolean;
  [field: string]: unknown;
}

export interface ChatServer {
  /** e.g. http://127.0.0.1:41234 (the adapter appends /v1/chat/completions). */
  baseUrl: string;
  /** Bodies received, in order, with their authorization header. */
  requests: { body: ChatRequestBody; authorization: string | undefined }[];
  /** Chunks of the last streamed answer, as sent. */
  lastStreamChunks: string[];
  setReply(reply: (body: ChatRequestBody) => ChatReply): void;
  close(): Promise<void>;
}

/**
 * A small server on loopback that speaks OpenAI's chat completions: JSON answers, and SSE
 * streams (`data: {chunk}` per word, a finish chunk, a usage chunk, `data: [DONE]`) when the
 * body asks for `stream: true`. It checks the bearer key when given one.
 */
export async function startChatServer(opts: { apiKey?: string; chunkDelayMs?: number } = {}): Promise<ChatServer> {
  const requests: ChatServer['requests'] = [];
  const lastStreamChunks: string[] = [];
  let reply: (body: ChatRequestBody) => ChatReply = (body) => ({ text: `Remote says: ${body.messages.at(-1)?.content ?? ''}` });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
    // The adapter under test wrote it (src/engines/llm/openai-compatible.ts, chatCompletionBody).
    const body = JSON.parse(raw) as ChatRequestBody;
    requests.push({ body, authorization: req.headers.authorization });
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(res, 401, { error: { message: 'Incorrect API key provided.' } });
    const r = reply(body);
    if (r.status) return send(res, r.status, { error: { message: r.error ?? 'error' } });
    const text = r.text ?? '';
    const toolCalls = r.toolCalls ?? [];
    const finish = toolCalls.length ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: 11, completion_tokens: text.split(/\s+/).filter(Boolean).length, total_tokens: 0 };
    if (!body.stream) {
      return send(res, 200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: toolCalls.length && !text ? null : text,
              ...(toolCalls.length ? { tool_calls: toolCalls.map((t, i) => ({ id: `call_${i}`, type: 'function', function: t })) } : {}),
            },
            finish_reason: finish,
          },
        ],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    lastStreamChunks.length = 0;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
    const pieces = [chunk({ role: 'assistant', content: '' })];
    for (const word of text.match(/\S+\s*/g) ?? []) pieces.push(chunk({ content: word }));
    toolCalls.forEach((t, index) => {
      const half = Math.ceil(t.arguments.length / 2);
      pieces.push(chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: t.name, arguments: t.arguments.slice(0, half) } }] }));
      pieces.push(chunk({ tool_calls: [{ index, function: { arguments: t.arguments.slice(half) } }] }));
    });
    pieces.push(chunk({}, finish));
    pieces.push(`data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
    pieces.push('data: [DONE]\n\n');
    for (let i = 0; i < pieces.length; i++) {
      if (r.dropAfterChunks !== undefined && i >= r.dropAfterChunks) {
        res.destroy();
        return;
      }
      if (res.destroyed) return;
      // Split inside a line now and then: the client must reassemble partial lines.
      const p = pieces[i]!;
      lastStreamChunks.push(p);
      if (i % 3 === 1) {
        res.write(p.slice(0, 7));
        res.write(p.slice(7));
      } else res.write(p);
      if (opts.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, opts.chunkDelayMs));
    }
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 500, { error: { message: String(err) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    lastStreamChunks,
    setReply(r) {
      reply = r;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
