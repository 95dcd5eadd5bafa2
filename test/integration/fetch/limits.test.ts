import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { HttpUrlFetcher } from '../../../src/engines/fetch/index.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

let server: PageServer;
let dir: string;
const openIntervals = new Set<NodeJS.Timeout>();

/** A body that never ends: a chunk every few milliseconds until the client goes away. */
function endlessBody(chunkBytes: number) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const timer = setInterval(() => res.write(Buffer.alloc(chunkBytes, 0x42)), 5);
    openIntervals.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      openIntervals.delete(timer);
    });
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clipwright-fetch-'));
  server = await startPageServer({
    '/small': { headers: { 'content-type': 'text/html' }, body: '<html>small</html>' },
    '/big-declared': { headers: { 'content-type': 'video/mp4', 'content-length': 5000 }, body: Buffer.alloc(5000) },
    '/endless': endlessBody(256),
    '/stall-before-headers': () => {
      /* never answers */
    },
    '/stall-in-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    },
    '/missing': { status: 404, body: 'nope' },
    '/broken': { status: 503, body: 'down' },
    '/gzip': { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync('<html>zipped</html>') },
    '/loop': { status: 302, headers: { location: '/loop' } },
    '/r3': { status: 302, headers: { location: '/r2' } },
    '/r2': { status: 301, headers: { location: '/r1' } },
    '/r1': { status: 308, headers: { location: '/small' } },
    '/no-location': { status: 302 },
  });
});

afterAll(async () => {
  for (const timer of openIntervals) clearInterval(timer);
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const fetcher = (over: Partial<ConstructorParameters<typeof HttpUrlFetcher>[0]> = {}) =>
  new HttpUrlFetcher({ allowPrivate: true, timeoutMs: 5000, maxBytes: 1024, maxRedirects: 3, ...over });

async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const err = await promise.then(
    () => {
      throw new Error('expected the fetch to be refused');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchRefused);
  return err as FetchRefused;
}

describe('size limit', () => {
  it('refuses at once when content-length is over the limit', async () => {
    const err = await refusal(fetcher().fetch(server.url('/big-declared')));
    expect(err.message).toBe('File is larger than 1 KB');
  });

  it('stops a body without content-length as soon as it passes the limit', async () => {
    const started = Date.now();
    const err = await refusal(fetcher().fetch(server.url('/endless')));
    expect(err.message).toBe('File is larger than 1 KB');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('uses a lower per-call limit but never a higher one', async () => {
    const lower = await refusal(fetcher().fetch(server.url('/small'), { maxBytes: 10 }));
    expect(lower.message).toBe('File is larger than 10 bytes');
    const higher = await refusal(fetcher().fetch(server.url('/big-declared'), { maxBytes: 1_000_000 }));
    expect(higher.message).toBe('File is larger than 1 KB');
  });

  it('leaves nothing behind when a download is over the limit', async () => {
    const dest = join(dir, 'too-big.bin');
    const err = await refusal(fetcher().download(server.url('/endless'), dest));
    expect(err.message).toBe('File is larger than 1 KB');
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('too-big'))).toEqual([]);
  });
});

describe('time limit', () => {
  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    const err = await refusal(fetcher({ timeoutMs: 300 }).fetch(server.url('/stall-before-headers')));
    expect(err.message).toBe('Timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that stops halfway', async () => {
    const err = await refusal(fetcher({ timeoutMs: 600 }).fetch(server.url('/stall-in-body')));
    expect(err.message).toBe('Timed out after 600 ms');
  });

  it('takes a shorter per-call timeout', async () => {
    const err = await refusal(fetcher({ timeoutMs: 5000 }).fetch(server.url('/stall-before-headers'), { timeoutMs: 200 }));
    expect(err.message).toBe('Timed out after 200 ms');
  });

  it('rejects with the caller’s reason when the caller cancels, not with a refusal', async () => {
    const controller = new AbortController();
    const reason = new Error('task cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const err = await fetcher()
      .fetch(server.url('/stall-before-headers'), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(err).toBe(reason);
  });
});

describe('redirects and statuses', () => {
  it('follows up to maxRedirects hops', async () => {
    const page = await fetcher({ maxRedirects: 3 }).fetch(server.url('/r3'));
    expect(page.finalUrl).toBe(server.url('/small'));
    expect(page.body.toString()).toBe('<html>small</html>');
  });

  it('refuses one hop more than maxRedirects', async () => {
    const err = await refusal(fetcher({ maxRedirects: 2 }).fetch(server.url('/r3')));
    expect(err.message).toBe('Too many redirects (more than 2)');
  });

  it('stops a redirect loop', async () => {
    const hitsBefore = server.hits.filter((h) => h === '/loop').length;
    const err = await refusal(fetcher({ maxRedirects: 3 }).fetch(server.url('/loop')));
    expect(err.message).toBe('Too many redirects (more than 3)');
    expect(server.hits.filter((h) => h === '/loop').length - hitsBefore).toBe(4);
  });

  it('explains a redirect without a Location', async () => {
    const err = await refusal(fetcher().fetch(server.url('/no-location')));
    expect(err.message).toBe('Server answered 302 without saying where to go');
  });

  it.each([
    ['/missing', 'Server answered 404 Not Found'],
    ['/broken', 'Server answered 503 Service Unavailable'],
  ])('reports the status of %s', async (path, message) => {
    const err = await refusal(fetcher().fetch(server.url(path)));
    expect(err.message).toBe(message);
  });

  it('reports a refused connection', async () => {
    const gone = await startPageServer();
    const url = gone.url('/');
    await gone.close();
    const err = await refusal(fetcher().fetch(url));
    expect(err.message).toBe(`Could not connect to 127.0.0.1:${gone.port}: connection refused`);
  });
});

describe('bodies', () => {
  it('decompresses a gzip body', async () => {
    const page = await fetcher().fetch(server.url('/gzip'));
    expect(page.body.toString()).toBe('<html>zipped</html>');
  });

  it('downloads to the destination path', async () => {
    const dest = join(dir, 'nested', 'page.html');
    const file = await fetcher().download(server.url('/r1'), dest);
    expect(file).toEqual({ finalUrl: server.url('/small'), contentType: 'text/html', sizeBytes: 18, path: dest });
    expect(readFileSync(dest, 'utf8')).toBe('<html>small</html>');
  });
});
