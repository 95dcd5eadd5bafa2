import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoizeProbe } from '../../../src/engines/ffmpeg/probe-memo.js';
import type { MediaProbe } from '../../../src/engines/ffmpeg/types.js';

describe('memoizeProbe', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'probe-memo-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A probe that counts its calls and answers with the file's first byte as the width. */
  const counting = () => {
    const calls: string[] = [];
    const probe = async (path: string): Promise<MediaProbe> => {
      calls.push(path);
      const bytes = await readFile(path);
      if (bytes[0] === 0) throw new Error('undecodable');
      return {
        durationSeconds: 1,
        formatName: 'x',
        sizeBytes: bytes.length,
        video: { codec: 'c', width: bytes[0]!, height: 1, fps: 1, pixelFormat: 'p', hasAlpha: false },
      };
    };
    return { calls, probe };
  };
  const file = async (name: string, bytes: number[]) => {
    const path = join(dir, name);
    await writeFile(path, Buffer.from(bytes));
    return path;
  };

  it('probes the same bytes once, wherever they are, and hands out copies', async () => {
    const { calls, probe } = counting();
    const memo = memoizeProbe(probe);
    const a = await memo(await file('a.jpg', [7, 1, 2]));
    a.video!.width = 999;
    const b = await memo(await file('b.jpg', [7, 1, 2]));
    expect(calls).toHaveLength(1);
    expect(b.video!.width).toBe(7);
  });

  it('probes again for other bytes, another extension, or a file above the size limit', async () => {
    const { calls, probe } = counting();
    const memo = memoizeProbe(probe, { maxFileBytes: 4 });
    await memo(await file('c.jpg', [8, 1]));
    await memo(await file('c.png', [8, 1]));
    await memo(await file('d.jpg', [9, 1]));
    const big = await file('big.jpg', [8, 1, 2, 3, 4]);
    await memo(big);
    await memo(big);
    expect(calls.map((p) => p.slice(dir.length + 1))).toEqual(['c.jpg', 'c.png', 'd.jpg', 'big.jpg', 'big.jpg']);
  });

  it('never keeps a failure, and drops the least recently used result first', async () => {
    const { calls, probe } = counting();
    const memo = memoizeProbe(probe, { maxEntries: 2 });
    const bad = await file('bad.mp4', [0, 1]);
    await expect(memo(bad)).rejects.toThrow('undecodable');
    await expect(memo(bad)).rejects.toThrow('undecodable');
    const [x, y, z] = [await file('x.jpg', [1]), await file('y.jpg', [2]), await file('z.jpg', [3])];
    await memo(x);
    await memo(y);
    await memo(x); // x is now the most recent: y goes when z comes
    await memo(z);
    await memo(x);
    await memo(y);
    expect(calls.map((p) => p.slice(dir.length + 1))).toEqual(['bad.mp4', 'bad.mp4', 'x.jpg', 'y.jpg', 'z.jpg', 'y.jpg']);
  });
});
