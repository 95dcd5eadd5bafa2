import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expiredResult, expiryOf, retentionDaysOf, taskBlobPrefix } from '../../../src/domain/tasks/retention.js';
import { LocalBlobStore } from '../../../src/engines/blobs/local-blob-store.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { checkedPrefix } from '../../../src/engines/blobs/port.js';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';

describe('output retention rules', () => {
  it('reads a retention of whole days from 1 to 100 years, and nothing else', () => {
    expect(retentionDaysOf({ input: { retentionDays: 3 } })).toBe(3);
    for (const days of [undefined, null, 0, -1, 1.5, '2', 36_501]) expect(retentionDaysOf({ input: { retentionDays: days } })).toBeNull();
  });

  it('expires whole days after the finish', () => {
    expect(expiryOf({ input: { retentionDays: 2 } }, '2025-01-30T23:59:59.500Z')).toBe('2025-02-01T23:59:59.500Z');
    expect(expiryOf({ input: {} }, '2025-01-30T23:59:59.500Z')).toBeNull();
    expect(expiryOf({ input: { retentionDays: 36_500 } }, '2025-01-01T00:00:00.000Z')).toMatch(/^2124-/);
  });

  it("nulls the result fields that point into the task's folder, and keeps everything else", () => {
    const task = {
      accountId: 'acc',
      id: 't1',
      result: {
        outputKey: 'acc/t1/output.mp4',
        thumbnailKey: 'acc/t1/thumbnail.jpg',
        planDir: 'acc/t1/plan/',
        otherTask: 'acc/t10/output.mp4',
        upload: 'uploads/x/photo.jpg',
        durationSeconds: 2,
        expiresAt: '2025-01-01T00:00:00.000Z',
        nested: { key: 'acc/t1/deep.json' },
      },
    };
    const expired = expiredResult(task);
    expect(expired).toEqual({
      outputKey: null,
      thumbnailKey: null,
      planDir: null,
      otherTask: 'acc/t10/output.mp4',
      upload: 'uploads/x/photo.jpg',
      durationSeconds: 2,
      expiresAt: '2025-01-01T00:00:00.000Z',
      nested: { key: 'acc/t1/deep.json' },
      outputExpired: true,
    });
    expect(expiredResult({ ...task, result: expired })).toEqual(expired);
    expect(taskBlobPrefix(task)).toBe('acc/t1/');
  });

  it('removes a folder of blobs only: never the root, a sibling with the same start, or a path that climbs out', async () => {
    for (const bad of ['', '/', 'acc', 'acc/t1', '/acc/', 'acc//', '../', 'acc/../', './']) expect(() => checkedPrefix(bad), bad).toThrow(/not a blob folder/);
    const memory = new MemoryBlobStore();
    for (const key of ['acc/t1/output.mp4', 'acc/t1/plan/a.json', 'acc/t10/output.mp4', 'acc/t1.mp4']) await memory.putBuffer(key, Buffer.from('x'));
    await memory.removePrefix('acc/t1/');
    expect([...memory.blobs.keys()].sort()).toEqual(['acc/t1.mp4', 'acc/t10/output.mp4']);

    const root = mkdtempSync(join(tmpdir(), 'cw-blobs-'));
    try {
      const local = new LocalBlobStore(root, new UrlSigner('s', 'http://x', 60));
      for (const key of ['acc/t1/output.mp4', 'acc/t1/plan/a.json', 'acc/t10/output.mp4']) await local.putBuffer(key, Buffer.from('x'));
      await local.removePrefix('acc/t1/');
      await local.removePrefix('acc/missing/');
      expect(existsSync(join(root, 'acc/t1'))).toBe(false);
      expect(await local.stat('acc/t10/output.mp4')).not.toBeNull();
      await expect(local.removePrefix('../')).rejects.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
