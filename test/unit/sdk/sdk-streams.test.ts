import { describe, expect, it } from 'vitest';
import { createClient, readSse, StreamError, TaskFailedError, type SseEvent, type TaskEvent } from '../../../packages/sdk/src/index.js';

const encoder = new TextEncoder();

/** A body that delivers these pieces one read at a time (so lines and events can be cut anywhere). */
function body(pieces: string[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(encoder.encode(pieces[i++]!));
      else controller.close();
    },
  });
}

async function events(pieces: string[], comments: string[] = []): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of readSse(body(pieces), (c) => comments.push(c))) out.push(e);
  return out;
}

/** A client whose every request is answered with this event stream (status 200). */
const streaming = (pieces: string[], seen: Request[] = []) =>
  createClient({
    baseUrl: 'http://clipwright.test',
    apiId: 'id',
    apiKey: 'key',
    fetch: async (input) => {
      seen.push(input as Request);
      return new Response(body(pieces), { status: 200, headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req-1' } });
    },
  });

const failureOf = async (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (e: unknown) => e,
  );

describe('readSse', () => {
  it('reads events cut at any point, with any line ending, joined data lines, comments and kept ids', async () => {
    const comments: string[] = [];
    const text =
      ': task t1\n\nretry: 1000\n\nid: 7\nevent: status\ndata: {"a":1}\n\nevent: delta\r\ndata: line one\r\ndata:line two\r\n\r\ndata: plain\r\rid: 8\nevent: end\ndata: {}\n\nevent: lost\ndata: not closed by a blank line';
    for (const size of [1, 3, 7, text.length]) {
      comments.length = 0;
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(await events(pieces, comments)).toEqual([
        { event: 'status', data: '{"a":1}', id: '7' },
        { event: 'delta', data: 'line one\nline two', id: '7' },
        { event: 'message', data: 'plain', id: '7' },
        { event: 'end', data: '{}', id: '8' },
      ]);
      expect(comments).toEqual(['task t1']);
    }
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: one\n\ndata: two\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const e of readSse(stream)) {
      expect(e.data).toBe('one');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('textGenerator.stream on events the service can send', () => {
  const run = async (pieces: string[]) => {
    const stream = streaming(pieces).textGenerator.stream({ model_name: 'm', messages: [{ role: 'user', content: 'hi' }] }, { idempotencyKey: 'k1' });
    const chunks: string[] = [];
    const error = await failureOf(async () => {
      for await (const c of stream) chunks.push(c);
    });
    return { stream, chunks, error };
  };

  it('yields the deltas and keeps the done task; sends the idempotency key and asks for events', async () => {
    const seen: Request[] = [];
    const stream = streaming(
      [
        ': task t1\n\n',
        'event: delta\ndata: {"id":"t1","text":"Hel"}\n\n',
        'event: delta\ndata: {"id":"t1","text":"lo"}\n\n',
        'event: done\ndata: {"id":"t1","status":"done","response_text":"Hello"}\n\n',
      ],
      seen,
    ).textGenerator.stream({ model_name: 'm', messages: [{ role: 'user', content: 'hi' }] }, { idempotencyKey: 'k1' });
    const chunks: string[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks).toEqual(['Hel', 'lo']);
    expect(stream.result).toMatchObject({ id: 't1', response_text: 'Hello' });
    expect(stream.taskId).toBe('t1');
    expect(seen[0]!.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/text_generator/stream/');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('k1');
    expect(seen[0]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('turns a failed generation into TaskFailedError, other error events, a shutdown and a cut into StreamError', async () => {
    const failed = await run([': task t1\n\n', 'event: error\ndata: {"detail":"The model gave up.","code":"generation_failed","id":"t1"}\n\n']);
    expect(failed.error).toBeInstanceOf(TaskFailedError);
    expect((failed.error as TaskFailedError).task).toEqual({ id: 't1', failed_reason: 'The model gave up.' });

    const crashed = await run([': task t1\n\n', 'event: error\ndata: {"detail":"Internal server error (request r).","code":"server_error"}\n\n']);
    expect(crashed.error).toBeInstanceOf(StreamError);
    expect(crashed.error).toMatchObject({ code: 'server_error', taskId: 't1', requestId: 'req-1' });

    const stopping = await run([
      ': task t1\n\n',
      'event: delta\ndata: {"id":"t1","text":"Hi"}\n\n',
      'event: shutdown\ndata: {"detail":"The server is shutting down.","code":"shutting_down"}\n\n',
    ]);
    expect(stopping.chunks).toEqual(['Hi']);
    expect(stopping.error).toMatchObject({ name: 'StreamError', code: 'shutting_down', taskId: 't1' });

    const cut = await run([': task t1\n\n', 'event: delta\ndata: {"id":"t1","text":"Hi"}\n\n']);
    expect(cut.error).toMatchObject({ name: 'StreamError', code: 'stream_ended', taskId: 't1' });
  });
});

describe('tasks.events on events the service can send', () => {
  it('yields status, progress and end with their ids, and stops at end', async () => {
    const seen: Request[] = [];
    const cw = streaming(
      [
        'retry: 1000\n\n',
        'id: 1\nevent: status\ndata: {"id":"t1","status":"pending","progress":0,"failed_reason":null,"task":{"id":"t1"}}\n\n',
        ': heartbeat\n\n',
        'id: 2\nevent: progress\ndata: {"id":"t1","status":"processing","progress":40}\n\n',
        'id: 3\nevent: end\ndata: {"id":"t1","status":"done","failed_reason":null}\n\n',
        'event: never\ndata: {}\n\n',
      ],
      seen,
    );
    const out: TaskEvent[] = [];
    for await (const e of cw.tasks.events('t1', { lastEventId: '0' })) out.push(e);
    expect(out).toEqual([
      { event: 'status', eventId: '1', id: 't1', status: 'pending', progress: 0, failed_reason: null, task: { id: 't1' } },
      { event: 'progress', eventId: '2', id: 't1', status: 'processing', progress: 40 },
      { event: 'end', eventId: '3', id: 't1', status: 'done', failed_reason: null },
    ]);
    expect(new URL(seen[0]!.url).pathname).toBe('/api/tasks/t1/events');
    expect(seen[0]!.headers.get('last-event-id')).toBe('0');
  });

  it('throws StreamError with the last event id on a shutdown and on a cut', async () => {
    const status = 'id: 5\nevent: status\ndata: {"id":"t1","status":"processing","progress":10,"failed_reason":null,"task":{}}\n\n';
    const drain = async (pieces: string[]) =>
      failureOf(async () => {
        for await (const _ of streaming(pieces).tasks.events('t1')) void _;
      });
    expect(await drain([status, 'event: shutdown\ndata: {"detail":"Reconnect.","code":"shutting_down"}\n\n'])).toMatchObject({
      name: 'StreamError',
      code: 'shutting_down',
      lastEventId: '5',
      taskId: 't1',
    });
    expect(await drain([status])).toMatchObject({ name: 'StreamError', code: 'stream_ended', lastEventId: '5' });
  });
});
