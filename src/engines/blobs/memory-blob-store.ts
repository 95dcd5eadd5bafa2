import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { contentTypeFor } from './content-type.js';
import { checkedPrefix, type BlobEntry, type BlobStat, type BlobStore, type StorageHealth } from './port.js';

/** In-memory fake for unit tests. */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, Buffer>();
  /** When each blob was written; tests may set it to make a blob old. */
  readonly writtenAt = new Map<string, string>();

  async putFile(key: string, sourcePath: string): Promise<BlobStat> {
    return this.putBuffer(key, await readFile(sourcePath));
  }
  async putBuffer(key: string, data: Buffer): Promise<BlobStat> {
    this.blobs.set(key, data);
    this.writtenAt.set(key, new Date().toISOString());
    return { sizeBytes: data.length, contentType: contentTypeFor(key) };
  }
  async stat(key: string): Promise<BlobStat | null> {
    const b = this.blobs.get(key);
    return b ? { sizeBytes: b.length, contentType: contentTypeFor(key) } : null;
  }
  read(key: string, range?: { start: number; end: number }): Readable {
    const b = this.blobs.get(key);
    // A missing key fails the stream, as a missing local file or S3 object does.
    if (!b)
      return new Readable({
        read() {
          this.destroy(Object.assign(new Error(`no blob at ${key}`), { code: 'ENOENT' }));
        },
      });
    return Readable.from(range ? b.subarray(range.start, range.end + 1) : b);
  }
  async remove(key: string): Promise<void> {
    this.blobs.delete(key);
    this.writtenAt.delete(key);
  }
  async removePrefix(prefix: string): Promise<void> {
    const folder = checkedPrefix(prefix);
    for (const key of [...this.blobs.keys()]) if (key.startsWith(folder)) await this.remove(key);
  }
  async list(prefix: string): Promise<BlobEntry[]> {
    const folder = checkedPrefix(prefix);
    return [...this.blobs.entries()]
      .filter(([key]) => key.startsWith(folder))
      .map(([key, data]) => ({ key, sizeBytes: data.length, modifiedAt: this.writtenAt.get(key) ?? new Date(0).toISOString() }));
  }
  signedUrl(key: string): string {
    return `memory://${key}`;
  }
  async health(): Promise<StorageHealth> {
    return { kind: 'memory', ok: true };
  }
}
