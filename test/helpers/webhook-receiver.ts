import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received, for signature checks. */
  rawBody: string;
}

/** What one request gets: a status, `stall` (never answers), or a full handler. */
export type Answer = number | 'stall' | ((res: ServerResponse) => void);

export interface WebhookReceiver {
  baseUrl: string;
  port: number;
  url(path: string): string;
  deliveries: Delivery[];
  at(path: string): Delivery[];
  /** Answers for the next requests to `path`, in order; afterwards the path's fallback (200 unless set). */
  script(path: string, ...answers: Answer[]): void;
  /** What `path` answers once its script is used up. */
  fallback(path: string, answer: Answer): void;
  /** Resolves once `path` has received `count` requests. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/** A loopback HTTP server that records every request in full and answers from a script. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const scripts = new Map<string, Answer[]>();
  const fallbacks = new Map<string, Answer>();
  const stalled = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    deliveries.push({ method: req.method ?? '', path, headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
    const answer = scripts.get(path)?.shift() ?? fallbacks.get(path) ?? 200;
    if (answer === 'stall') {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (typeof answer === 'function') answer(res);
    else res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `nope ${answer}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const at = (path: string) => deliveries.filter((d) => d.path === path);
  return {
    baseUrl,
    port,
    url: (path) => `${baseUrl}${path}`,
    deliveries,
    at,
    script(path, ...answers) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]);
    },
    fallback(path, answer) {
      fallbacks.set(path, answer);
    },
    async waitFor(path, count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path} got ${at(path).length} of ${count} expected requests`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return at(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
