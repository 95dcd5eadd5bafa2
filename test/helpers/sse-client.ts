/** One parsed Server-Sent Event, or a comment line (`event: 'comment'`). */
export interface SseMessage {
  event: string;
  id?: string;
  data: any;
}

export interface SseStream {
  status: number;
  /** Every message so far, in order. */
  messages: SseMessage[];
  /** Waits for the next message matching `pred` (among those not yet taken by a previous call). */
  next(pred?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

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
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
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
    async next(pred = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < messages.length) {
          const m = messages[taken++]!;
          if (pred(m)) return m;
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
  return { event, id, data: parsed };
}
