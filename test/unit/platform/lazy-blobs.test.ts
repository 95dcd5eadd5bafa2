import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LazyBlobs } from '../../../src/engines/blobs/lazy-blobs.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';

/** Media made on first request: stored once, shared by concurrent requests, dropped when stale. */
describe('LazyBlobs', () => {
  let temp: string;
  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'cw-lazy-test-'));
  });
  afterAll(() => rm(temp, { recursive: true, force: true }));

  const write = async (workDir: string, text: string) => {
    const path = join(workDir, 'made.txt');
    await writeFile(path, text);
    return path;
  };

  it('makes a key once for concurrent requests, keeps it, and says no for keys nobody makes', async () => {
    const blobs = new MemoryBlobStore();
    const lazy = new LazyBlobs(blobs, temp);
    let made = 0;
    lazy.register('things/', async (key, workDir) => {
      made++;
      await new Promise((r) => setTimeout(r, 20));
      return key.endsWith('.txt') ? write(workDir, key) : null;
    });
    expect(await Promise.all([lazy.ensure('things/a.txt'), lazy.ensure('things/a.txt')])).toEqual([true, true]);
    expect(await lazy.ensure('things/a.txt')).toBe(true);
    expect(made).toBe(1);
    expect(blobs.blobs.get('things/a.txt')?.toString()).toBe('things/a.txt');
    expect(await lazy.ensure('things/b.bin')).toBe(false);
    expect(await lazy.ensure('other/a.txt')).toBe(false);
  });

  it('tells which keys it makes on request, made yet or not (presigned mode keeps service URLs for them)', () => {
    const lazy = new LazyBlobs(new MemoryBlobStore(), temp);
    lazy.register('music/', async () => null);
    expect(lazy.handles('music/track.mp3')).toBe(true);
    expect(lazy.handles('acc/task/music/track.mp3')).toBe(false);
    expect(lazy.handles('musical/x.mp3')).toBe(false);
  });

  it('drops a made file whose source went away while it was made (checked after it is stored)', async () => {
    const blobs = new MemoryBlobStore();
    const lazy = new LazyBlobs(blobs, temp);
    let current = true;
    let storedWhenChecked = false;
    lazy.register('previews/', async (key, workDir) => ({
      path: await write(workDir, key),
      async stillCurrent() {
        storedWhenChecked = blobs.blobs.has(key);
        return current;
      },
    }));
    expect(await lazy.ensure('previews/kept.txt')).toBe(true);
    expect(storedWhenChecked).toBe(true);
    current = false;
    expect(await lazy.ensure('previews/stale.txt')).toBe(false);
    expect(blobs.blobs.has('previews/stale.txt')).toBe(false);
    expect(blobs.blobs.has('previews/kept.txt')).toBe(true);
  });
});
