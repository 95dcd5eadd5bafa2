import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A canned answer. */
export interface PageRoute {
  status?: number;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** Full control, for stalls, slow bodies and other misbehaviour. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface PageServer {
  /** e.g. "http://127.0.0.1:41234", no trailing slash. */
  baseUrl: string;
  port: number;
  url(path: string): string;
  /** Adds or replaces a route; useful when a body must contain the server's own URL. */
  route(path: string, route: PageRoute | RouteHandler): void;
  /** Paths requested so far (with query), in order. */
  hits: string[];
  /** Last request headers per path, lower-case names. */
  headersOf(path: string): IncomingMessage['headers'] | undefined;
  close(): Promise<void>;
}

/**
 * Serves fixed routes on 127.0.0.1 at a free port. Routes are matched on the path with its
 * query string first, then without; anything else answers 404.
 */
export async function startPageServer(routes: Record<string, PageRoute | RouteHandler> = {}): Promise<PageServer> {
  const table = new Map(Object.entries(routes));
  const hits: string[] = [];
  const lastHeaders = new Map<string, IncomingMessage['headers']>();

  const server = createServer((req, res) => {
    const full = req.url ?? '/';
    const path = full.split('?')[0] ?? '/';
    hits.push(full);
    lastHeaders.set(path, req.headers);
    const route = table.get(full) ?? table.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof route === 'function') {
      route(req, res);
      return;
    }
    const answer = () => {
      const body = route.body ?? '';
      res.writeHead(route.status ?? 200, route.headers ?? {});
      res.end(body);
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    port,
    url: (path) => `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`,
    route: (path, route) => {
      table.set(path, route);
    },
    hits,
    headersOf: (path) => lastHeaders.get(path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Stalled test routes keep sockets open; cut them so close() does not hang.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
