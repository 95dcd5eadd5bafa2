/** One Server-Sent Event: `event` defaults to "message"; `data` lines are joined with "\n". */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Parses a text/event-stream body as it arrives (chunks may split lines anywhere): lines up to a
 * blank line make one event; `:` lines are comments; CR, LF and CRLF all end a line.
 */
export async function* parseSse(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let seen = false;
  const flush = function* (): Generator<SseEvent> {
    if (seen) yield { event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
    event = '';
    data = [];
    seen = false;
  };
  const line = function* (text: string): Generator<SseEvent> {
    if (text === '') return yield* flush();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else return;
    seen = true;
  };
  for await (const chunk of body) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (;;) {
      const m = buffer.match(/\r\n|\r|\n/);
      if (!m || m.index === undefined) break;
      // A lone CR at the end may be the first half of CRLF: wait for more.
      if (m[0] === '\r' && m.index === buffer.length - 1) break;
      const text = buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
      yield* line(text);
    }
  }
  buffer += decoder.decode();
  if (buffer) yield* line(buffer.replace(/\r$/, ''));
  yield* flush();
}
