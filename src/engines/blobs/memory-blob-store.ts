import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { contentTypeFor } from './content-type.js';
import { checkedPrefix, type BlobStat, type BlobStore } from './port.js';

/** In-memory fake for unit tests. */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, Buffer>();

  async putFile(key: string, sourcePath: string): Promise<BlobStat> {
    return this.putBuffer(key, await readFile(sourcePath));
  }
  async putBuffer(key: string, data: Buffer): Promise<BlobStat> {
    this.blobs.set(key, data);
    return { sizeBytes: data.length, contentType: contentTypeFor(key) };
  }
  async stat(key: string): Promise<BlobStat | null> {
    const b = this.blobs.get(key);
    return b ? { sizeBytes: b.length, contentType: contentTypeFor(key) } : null;
  }
  read(key: string, range?: { start: number; end: number }): Readable {
    const b = this.blobs.get(key) ?? Buffer.alloc(0);
    return Readable.from(range ? b.subarray(range.start, range.end + 1) : b);
  }
  async remove(key: string): Promise<void> {
    this.blobs.delete(key);
  }
  async removePrefix(prefix: string): Promise<void> {
    const folder = checkedPrefix(prefix);
    for (const key of [...this.blobs.keys()]) if (key.startsWith(folder)) this.blobs.delete(key);
  }
  signedUrl(key: string): string {
    return `memory://${key}`;
  }
}
