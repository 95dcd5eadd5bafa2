import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FetchRefused } from '../../../src/core/errors.js';
import { UPLOAD_NOT_FOUND_MESSAGE, uploadRef } from '../../../src/core/uploads.js';
import { UploadFiles } from '../../../src/domain/upload-files.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { FakeUrlFetcher } from '../../../src/engines/fetch/fake-url-fetcher.js';
import { uploadAwareFetcher } from '../../../src/engines/fetch/upload-aware-fetcher.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('upload-aware fetcher', () => {
  const blobs = new MemoryBlobStore();
  const uploads = new UploadFiles(blobs);
  const fetcher = uploadAwareFetcher(new FakeUrlFetcher({ 'https://example.test/a.png': { body: PNG, contentType: 'image/png' } }), blobs, (ref) =>
    uploads.keyOf(ref),
  );

  it("reads an upload by its opaque id, wherever its owner's folder is", async () => {
    const { id, key } = uploads.newKey('account-1', 'photo.png');
    await blobs.putBuffer(key, PNG);
    expect(key).toBe(`uploads/${id}/account-1/photo.png`);
    const got = await fetcher.fetch(uploadRef(id), { accept: ['image'] });
    expect(got.contentType).toBe('image/png');
    expect(got.body.equals(PNG)).toBe(true);
    expect(await uploads.isOwnedBy(id, 'account-1')).toBe(true);
    expect(await uploads.isOwnedBy(id, 'account-2')).toBe(false);
  });

  it('still reads the storage-key references of tasks made before uploads had an owner', async () => {
    const id = randomUUID();
    await blobs.putBuffer(`uploads/${id}/old.png`, PNG);
    const got = await fetcher.fetch(`upload:uploads/${id}/old.png`, { accept: ['image'] });
    expect(got.body.equals(PNG)).toBe(true);
  });

  it('refuses an id with nothing stored, and never climbs out of the uploads folder', async () => {
    await expect(fetcher.fetch(uploadRef(randomUUID()))).rejects.toThrow(new FetchRefused(UPLOAD_NOT_FOUND_MESSAGE));
    await blobs.putBuffer('secret/key.png', PNG);
    await expect(fetcher.fetch(`upload:uploads/${randomUUID()}/../../secret/key.png`)).rejects.toThrow(FetchRefused);
  });

  it('passes URLs to the inner fetcher', async () => {
    expect((await fetcher.fetch('https://example.test/a.png')).contentType).toBe('image/png');
  });
});
