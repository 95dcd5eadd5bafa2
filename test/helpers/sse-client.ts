/** The data of a task event (GET /api/tasks/{id}/events, docs/endpoints.md). */
export interface TaskEventData {
  id: string;
  status: string;
  progress: number;
  failed_reason?: string | null;
}

/** One parsed Server-Sent Event, or a comment line (`event: 'comment'`); the event's name says what its data is. */
export type SseMessage = { id?: string } & (
  | { event: 'status'; data: TaskEventData & { task: { id: string; status: string; output?: string | null; [field: string]: unknown } } }
  | { event: 'progress' | 'end'; data: TaskEventData }
  | { event: 'shutdown' | 'error'; data: { code: string; detail: string } }
  | { event: 'comment' | 'retry' | 'message'; data: string }
);

export interface SseStream {
  status: number;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Waits for the next message matching `pred` (among those not yet taken by a previous call). */
  next<M extends SseMessage = SseMessage>(pred?: ((m: SseMessage) => m is M) | ((m: SseMessage) => boolean), timeoutMs?: number): Promise<M>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export type StatusMessage = Extract<SseMessage, { event: 'status' }>;

/** Matches the `status` event that reports this status (its data then has the task). */
export const statusIs =
  (status: string) =>
  (m: SseMessage): m is StatusMessage =>
    m.event === 'status' && m.data.status === status;

/** Reads an event stream with fetch() and a stream reader, as a browser client would (headers allowed). */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  let taken = 0;
  const waiter: { notify: (() => void) | null } = { notify: null };
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          messages.push(parseBlock(block));
          waiter.notify?.();
        }
      }
    } catch {
      /* aborted by close() */
    } finally {
      done = true;
      waiter.notify?.();
    }
  })();
  return {
    status: res.status,
    messages,
    ended,
    close: () => abort.abort(),
    async next<M extends SseMessage = SseMessage>(pred: (m: SseMessage) => boolean = () => true, timeoutMs = 30_000): Promise<M> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < messages.length) {
          const m = messages[taken++]!;
          // M is SseMessage, unless `pred` is a type guard for M, which m has just passed.
          if (pred(m)) return m as M;
        }
        if (done) throw new Error(`stream ended without the expected event; got ${JSON.stringify(messages)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no expected event in ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiter.notify = resolve;
          setTimeout(resolve, Math.min(left, 200));
        });
        waiter.notify = null;
      }
    },
  };
}

function parseBlock(block: string): SseMessage {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') event = 'retry';
  }
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : text;
  } catch {
    /* plain text data */
  }
  // From the wire: the service names each event, and the test's matchers check the data.
  return { event, id, data: parsed } as SseMessage;
}
