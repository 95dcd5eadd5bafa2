import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { HttpUrlFetcher } from '../../../src/engines/fetch/index.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(600, 1)]);
const MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(100, 0)]);
const NOISE = Buffer.alloc(2000, 0x13);

let server: PageServer;
let dir: string;
const fetcher = new HttpUrlFetcher({ allowPrivate: true, timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clipwright-types-'));
  server = await startPageServer({
    '/page.html': { headers: { 'content-type': 'text/html; charset=ISO-8859-1' }, body: '<html>caf\xe9</html>' },
    '/png-as-octets': { headers: { 'content-type': 'application/octet-stream' }, body: PNG },
    '/mp3-untyped': { body: MP3 },
    '/noise': { headers: { 'content-type': 'application/octet-stream' }, body: NOISE },
    '/photo.png': { headers: { 'content-type': 'image/png' }, body: PNG },
  });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

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

describe('content type against accept', () => {
  it('refuses an HTML page where an image was expected', async () => {
    const err = await refusal(fetcher.fetch(server.url('/page.html'), { accept: ['image'] }));
    expect(err.message).toBe('Expected an image but the file is a web page (HTML)');
  });

  it('names every accepted kind in the refusal', async () => {
    const err = await refusal(fetcher.fetch(server.url('/photo.png'), { accept: ['audio', 'video'] }));
    expect(err.message).toBe('Expected an audio file or a video but the file is a picture (PNG)');
  });

  it('accepts a matching declared type and reports it without parameters, keeping the charset', async () => {
    const page = await fetcher.fetch(server.url('/page.html'), { accept: ['html'] });
    expect(page.contentType).toBe('text/html');
    expect(page.charset).toBe('iso-8859-1');
  });

  it('sniffs a PNG sent as application/octet-stream', async () => {
    const image = await fetcher.fetch(server.url('/png-as-octets'), { accept: ['image'] });
    expect(image.contentType).toBe('image/png');
    expect(image.body.equals(PNG)).toBe(true);
  });

  it('sniffs an MP3 sent without any content type', async () => {
    const audio = await fetcher.fetch(server.url('/mp3-untyped'), { accept: ['audio'] });
    expect(audio.contentType).toBe('audio/mpeg');
    expect(audio.body.length).toBe(MP3.length);
  });

  it('refuses generic bytes that look like nothing it knows', async () => {
    const err = await refusal(fetcher.fetch(server.url('/noise'), { accept: ['image', 'video'] }));
    expect(err.message).toBe('Expected an image or a video but the file is of unknown type (application/octet-stream)');
  });

  it('takes anything when accept is not given', async () => {
    const any = await fetcher.fetch(server.url('/noise'));
    expect(any.contentType).toBe('application/octet-stream');
    expect(any.body.length).toBe(NOISE.length);
  });

  it('downloads a sniffed file whole, and writes nothing for a refused one', async () => {
    const good = await fetcher.download(server.url('/png-as-octets'), join(dir, 'a.png'), { accept: ['image'] });
    expect(good.contentType).toBe('image/png');
    expect(good.sizeBytes).toBe(PNG.length);
    const bad = join(dir, 'b.png');
    await refusal(fetcher.download(server.url('/noise'), bad, { accept: ['image'] }));
    expect(existsSync(bad)).toBe(false);
  });
});

describe('request headers', () => {
  it('introduces itself and says what it wants', async () => {
    await fetcher.fetch(server.url('/photo.png'), { accept: ['image'] });
    const headers = server.headersOf('/photo.png');
    expect(headers?.['user-agent']).toMatch(/ClipwrightBot/);
    expect(headers?.accept).toMatch(/^image\/\*/);
  });
});
