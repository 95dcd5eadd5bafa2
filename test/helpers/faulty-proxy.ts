import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * `pass`: every request goes to the target. `refuse`: the port is closed (connections refused,
 * open ones cut), as a stopped server's would be. `error500`: every request is answered
 * 500 InternalError in S3's XML, as an overloaded or broken S3 endpoint answers.
 */
export type ProxyMode = 'pass' | 'refuse' | 'error500';

export interface FaultyProxy {
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

const S3_INTERNAL_ERROR =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>';

/** An HTTP proxy on a free loopback port in front of `target` (an S3 server), which a test switches between modes. */
export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const to = new URL(target);
  let mode: ProxyMode = 'pass';
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (mode === 'error500') {
      req.resume();
      res.writeHead(500, { 'content-type': 'application/xml' }).end(S3_INTERNAL_ERROR);
      return;
    }
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const closeListener = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    async setMode(next) {
      if (next === mode) return;
      if (next === 'refuse') await closeListener();
      else if (mode === 'refuse') await listen(port);
      mode = next;
    },
    async close() {
      if (mode !== 'refuse') await closeListener();
      mode = 'refuse';
    },
  };
}
