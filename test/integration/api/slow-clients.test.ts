import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';

/** A raw socket to the server, with what it received and whether the server closed it. */
const sockets: Socket[] = [];

async function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  let data = '';
  socket.on('data', (chunk) => (data += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Whether the server closed the socket within a generous bound (a hang must fail, not block the suite). */
const closedWithin = (closed: Promise<void>, ms: number) => Promise.race([closed.then(() => true), sleep(ms).then(() => false)]);

describe('slow and greedy clients on a listening server', () => {
  let db: TestDatabase;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    db = await freshSqlite();
    t = await startTestApp(db, { HEADERS_TIMEOUT_MS: '300', MAX_CONNECTIONS_PER_ADDRESS: '3' }, { consume: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await t.close();
    await db.drop();
  });

  it('closes a connection whose headers trickle in slower than the header timeout', async () => {
    const c = await open(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    // A header line every 100 ms, never the blank line that ends them: for up to 5 s.
    let closedByServer = false;
    void c.closed.then(() => (closedByServer = true));
    for (let i = 0; i < 50 && !closedByServer; i++) {
      c.socket.write(`X-Slow-${i}: a\r\n`);
      await sleep(100);
    }
    expect(closedByServer).toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    c.socket.destroy();
  });

  it('serves a client that sends its headers in time', async () => {
    const c = await open(port);
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('refuses connections from one address over the cap and takes new ones once others close', async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    expect(await closedWithin(extra.closed, 5000)).toBe(true);
    expect(extra.received()).toBe('');
    // The held ones still work.
    held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await held[0]!.closed;
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200/);
    // One slot is free again once the server has seen that socket close (a moment after the client).
    let answer = '';
    for (let attempt = 0; attempt < 100 && !answer; attempt++) {
      const next = await open(port);
      next.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await next.closed;
      answer = next.received();
      if (!answer) await sleep(20);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    for (const h of held) h.socket.destroy();
  });
});
