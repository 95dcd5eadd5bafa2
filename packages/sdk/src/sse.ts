/** One Server-Sent Event: its type (`message` when the stream names none), its data lines joined, and the last event id seen. */
export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Reads a Server-Sent Events body as the WHATWG rules say (any line ending, `data:` lines joined
 * with "\n", one space after the colon dropped, an event dispatched on a blank line, the event id
 * kept until changed), calling `onComment` for `:` lines. The body is cancelled (the connection
 * closed) when the reader stops early: a `break` out of a `for await`, or an exception.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, onComment?: (text: string) => void): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | null = null;
  let ended = false;
  try {
    while (!ended) {
      const chunk = await reader.read();
      if (chunk.done) ended = true;
      buffer += chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      for (;;) {
        const cut = buffer.search(/[\r\n]/);
        // A "\r" last in the buffer may be the first half of "\r\n": wait for the next chunk.
        if (cut < 0 || (cut === buffer.length - 1 && buffer[cut] === '\r' && !ended)) break;
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(buffer.startsWith('\r\n', cut) ? cut + 2 : cut + 1);
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n'), id: lastId };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) {
          onComment?.(line.slice(1).replace(/^ /, ''));
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) lastId = value;
        // `retry:` and unknown fields are ignored: reconnecting is the caller's choice.
      }
    }
    // An event not closed by a blank line when the body ends is discarded, as the rules say.
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
