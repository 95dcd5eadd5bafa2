/**
 * An error answer of the API. A 400 carries the contract's field map ({field: [messages]},
 * `non_field_errors` for the body as a whole); every other error is {detail, code}.
 */
export class ApiError extends Error {
  constructor(status, body) {
    const fields = status === 400 && body && typeof body === 'object' && !('detail' in body) ? body : null;
    super(body?.detail ?? (fields ? Object.values(fields).flat().join(' ') : `The service answered ${status}.`));
    this.status = status;
    this.code = body?.code ?? null;
    /** {field path: [messages]} for a 400, else null. Paths are dotted: "video_inputs.1.voice.input_text". */
    this.fields = fields;
  }
}

async function readBody(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 300) };
  }
}

/** Splits a Server-Sent Events text into {event, data} records; returns the unfinished tail. */
function takeEvents(buffer, onEvent) {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!data.length) continue;
    let parsed = data.join('\n');
    try {
      parsed = JSON.parse(parsed);
    } catch {
      // Plain text data stays text.
    }
    onEvent(event, parsed);
  }
  return rest;
}

/** The API as the signed-in person: every call carries X-API-ID and X-API-KEY. */
export function createApi({ apiId, apiKey }) {
  const auth = { 'X-API-ID': apiId, 'X-API-KEY': apiKey };

  async function request(method, path, body) {
    const headers = { ...auth };
    let payload;
    // FormData sets its own multipart boundary; a file part stands wherever a media URL goes.
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(path, { method, headers, body: payload });
    const data = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, data);
    return data;
  }

  return {
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path) => request('DELETE', path),
    /** POSTs and reads the answer as Server-Sent Events, calling onEvent(event, data) as they arrive. */
    async stream(path, body, onEvent) {
      const response = await fetch(path, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(body),
      });
      await readEvents(response, onEvent);
    },
    /** GETs a Server-Sent Events stream (fetch, because EventSource cannot send the API headers) until it ends or `signal` aborts. */
    async events(path, onEvent, signal) {
      const response = await fetch(path, { headers: { ...auth, Accept: 'text/event-stream' }, signal });
      await readEvents(response, onEvent);
    },
  };
}

/** Reads a Server-Sent Events answer to its end, calling onEvent(event, data) as events arrive. */
async function readEvents(response, onEvent) {
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer = takeEvents(buffer + value, onEvent);
  }
  takeEvents(`${buffer}\n\n`, onEvent);
}
