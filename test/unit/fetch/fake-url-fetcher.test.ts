import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/index.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);

describe('FakeUrlFetcher', () => {
  const fetcher = new FakeUrlFetcher({
    'https://shop.test/p': { body: '<html>p</html>', contentType: 'text/html; charset=utf-8', finalUrl: 'https://shop.test/p/' },
    'https://cdn.test/a.png': { body: PNG },
    'https://down.test/': new FetchRefused('Server answered 503 Service Unavailable'),
  });

  it('answers with the resource and records the request', async () => {
    const page = await fetcher.fetch('https://shop.test/p', { accept: ['html'] });
    expect(page).toMatchObject({ finalUrl: 'https://shop.test/p/', status: 200, contentType: 'text/html', charset: 'utf-8' });
    expect(page.body.toString()).toBe('<html>p</html>');
    expect(fetcher.requests.at(-1)).toEqual({ url: 'https://shop.test/p', opts: { accept: ['html'] } });
  });

  it('sniffs an untyped body and checks it against accept like the real fetcher', async () => {
    expect((await fetcher.fetch('https://cdn.test/a.png', { accept: ['image'] })).contentType).toBe('image/png');
    await expect(fetcher.fetch('https://shop.test/p', { accept: ['image'] })).rejects.toThrow('Expected an image but the file is a web page (HTML)');
    await expect(fetcher.fetch('https://cdn.test/a.png', { maxBytes: 8 })).rejects.toThrow('File is larger than 8 bytes');
  });

  it('answers 404 for unknown URLs and throws configured errors', async () => {
    await expect(fetcher.fetch('https://nowhere.test/')).rejects.toThrow(new FetchRefused('Server answered 404 Not Found'));
    await expect(fetcher.fetch('https://down.test/')).rejects.toBeInstanceOf(FetchRefused);
  });

  it('downloads to a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fake-fetch-'));
    try {
      const file = await fetcher.download('https://cdn.test/a.png', join(dir, 'x', 'a.png'));
      expect(file.sizeBytes).toBe(PNG.length);
      expect((await readFile(file.path)).equals(PNG)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
