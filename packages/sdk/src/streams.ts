import { StreamError, TaskFailedError } from './errors.js';
import type { Http, CreateOptions, RequestOptions } from './http.js';
import { readSse, type SseEvent } from './sse.js';
import type { BodyOf, ResultOf } from './types.js';

/** The finished text task, as GET /api/text_generator/{id}/ returns it (the stream's `done` event). */
export type TextTask = ResultOf<'/api/text_generator/{id}/'>;

type Opened = { body: ReadableStream<Uint8Array>; response: Response };

const parse = (e: SseEvent): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(e.data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);

/**
 * `textGenerator.stream(body)`: the generated text as it is written, one chunk per `delta`
 * event of POST /api/text_generator/stream/. Iterate it once with `for await`; the request is sent
 * when the iteration starts. A body, credit or model error is a ClipwrightError before the
 * first chunk; a failed generation is a TaskFailedError; an `error` or `shutdown` event, or a
 * connection that closes before `done`, is a StreamError. Leaving the loop early closes the
 * connection (the generation still finishes, and its task stays readable by `taskId`).
 */
export class TextStream implements AsyncIterable<string> {
  /** The task's id, once the stream has named it (its first line, before any text). */
  taskId: string | null = null;
  /** The finished task (the `done` event) once the iteration has completed; null before. */
  result: TextTask | null = null;
  private started = false;

  constructor(private readonly open: () => Promise<Opened>) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<string, void, undefined> {
    if (this.started) throw new Error('A TextStream can be iterated once; call textGenerator.stream() again for another generation.');
    this.started = true;
    const { body, response } = await this.open();
    const requestId = response.headers.get('x-request-id');
    const named = (comment: string) => {
      const m = /^task (\S+)$/.exec(comment.trim());
      if (m && !this.taskId) this.taskId = m[1]!;
    };
    for await (const e of readSse(body, named)) {
      const data = parse(e);
      if (typeof data.id === 'string' && !this.taskId) this.taskId = data.id;
      if (e.event === 'delta') {
        if (typeof data.text === 'string' && data.text) yield data.text;
      } else if (e.event === 'done') {
        this.result = data as TextTask;
        return;
      } else if (e.event === 'error') {
        const detail = text(data.detail, 'The generation failed.');
        if (data.code === 'generation_failed') throw new TaskFailedError({ id: text(data.id, this.taskId ?? ''), failed_reason: detail });
        throw new StreamError(text(data.code, 'server_error'), detail, this.taskId, null, requestId);
      } else if (e.event === 'shutdown') {
        throw new StreamError(text(data.code, 'shutting_down'), text(data.detail, 'The service is shutting down.'), this.taskId, null, requestId);
      }
    }
    throw new StreamError(
      'stream_ended',
      'The stream closed before the generation finished; read the task with textGenerator.get(taskId).',
      this.taskId,
      null,
      requestId,
    );
  }
}

export function textStream(http: Http, body: BodyOf<'/api/text_generator/stream/'>, options: CreateOptions = {}): TextStream {
  const headers = options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined;
  return new TextStream(() => http.openStream('POST', '/api/text_generator/stream/', { body, headers, signal: options.signal }));
}

/** A task status as the events carry it (the task row's, before a group's wire form renames it). */
export type TaskEventStatus = 'pending' | 'processing' | 'done' | 'failed';

interface TaskEventBase {
  /** The event's id (the task's change time in ms): pass the last one as `lastEventId` to resume. */
  eventId: string | null;
  /** The task's id. */
  id: string;
}

/** The first event, and one on every status change: with the task as its group's GET returns it. */
export interface TaskStatusEvent extends TaskEventBase {
  event: 'status';
  status: TaskEventStatus;
  progress: number;
  failed_reason: string | null;
  /** The task, exactly as its group's GET (e.g. GET /api/text_to_speech/{id}/) returns it. */
  task: Record<string, unknown>;
}

/** Progress moved without a status change. */
export interface TaskProgressEvent extends TaskEventBase {
  event: 'progress';
  status: TaskEventStatus;
  progress: number;
}

/** The last event: the task is done or failed (or was deleted); the stream then ends. */
export interface TaskEndEvent extends TaskEventBase {
  event: 'end';
  status: 'done' | 'failed' | 'deleted';
  failed_reason: string | null;
}

export type TaskEvent = TaskStatusEvent | TaskProgressEvent | TaskEndEvent;

export interface TaskEventsOptions extends RequestOptions {
  /** Resume after this event (a previous event's `eventId`): nothing is repeated if the task has not moved since. */
  lastEventId?: string;
}

/**
 * `tasks.events(id)`: the live events of any task of the account (GET /api/tasks/{id}/events),
 * `status` first, then `progress` and `status` changes, and `end`, after which the iteration
 * stops. An unknown id is a ClipwrightError (404) before any event; a `shutdown` event, an
 * `error` event or a connection that closes before `end` is a StreamError carrying
 * `lastEventId`, to resume with, or to fall back to polling (`wait(id)`). Leaving the loop early
 * closes the connection. The createAndWait helpers do not use this: they poll.
 */
export async function* taskEvents(http: Http, id: string, options: TaskEventsOptions = {}): AsyncGenerator<TaskEvent, void, undefined> {
  const headers = options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : undefined;
  const { body, response } = await http.openStream('GET', '/api/tasks/{id}/events', { id, headers, signal: options.signal });
  const requestId = response.headers.get('x-request-id');
  let lastEventId = options.lastEventId ?? null;
  for await (const e of readSse(body)) {
    const data = parse(e);
    if (e.id) lastEventId = e.id;
    if (e.event === 'status' || e.event === 'progress' || e.event === 'end') {
      yield { ...data, id: text(data.id, id), event: e.event, eventId: e.id } as TaskEvent;
      if (e.event === 'end') return;
    } else if (e.event === 'error' || e.event === 'shutdown') {
      const code = text(data.code, e.event === 'shutdown' ? 'shutting_down' : 'server_error');
      throw new StreamError(code, text(data.detail, 'The event stream stopped.'), id, lastEventId, requestId);
    }
  }
  throw new StreamError(
    'stream_ended',
    'The event stream closed before the task ended; resume with lastEventId, or poll with wait(id).',
    id,
    lastEventId,
    requestId,
  );
}
