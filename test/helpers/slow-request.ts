import { request } from 'node:http';

export interface SlowRequest {
  /** Sends the rest of the body; the response follows. */
  finish(): void;
  response: Promise<{ status: number; body: unknown }>;
}

/**
 * A POST whose body arrives in two halves: between them the request is in flight on the server
 * (headers read, body still coming), which is what a shutdown must let finish.
 */
export function slowPost(url: string, headers: Record<string, string>, body: unknown): SlowRequest {
  const text = Buffer.from(JSON.stringify(body));
  const half = Math.floor(text.length / 2);
  const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(text.length) } });
  const response = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  req.write(text.subarray(0, half));
  return { finish: () => req.end(text.subarray(half)), response };
}

/** Whether a new TCP connection to the service is refused (its listening socket is closed). */
export async function refusesConnections(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
    return false;
  } catch (err) {
    return /ECONNREFUSED/.test(String((err as { cause?: unknown }).cause ?? err));
  }
}
