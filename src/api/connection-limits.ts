import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Options for Node's HTTP server so a client that sends its headers (or body) too slowly is cut off. */
export function slowClientOptions(limits: { headersTimeoutMs: number; requestTimeoutMs: number }) {
  // Node refuses a header timeout longer than a non-zero request timeout.
  const headersTimeout = limits.requestTimeoutMs > 0 ? Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) : limits.headersTimeoutMs;
  return {
    headersTimeout,
    requestTimeout: limits.requestTimeoutMs,
    // Node looks for expired requests only this often (30 s by default), which would stretch a short timeout.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
}

/**
 * Caps the open connections one remote address may hold, so a single client cannot take every
 * socket the process has (slowloris by connection count). A connection over the cap is closed
 * before any request on it is read. `max` 0 disables the cap.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // Prepended, so an over-cap socket is gone before the HTTP parser is attached to it.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
