import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from './port.js';

/**
 * A made file, with a check run once it is stored: false (what it was made from was deleted or
 * changed while it was being made) removes it again, and the key answers not found.
 */
export interface ProducedBlob {
  path: string;
  stillCurrent(): Promise<boolean>;
}

export type BlobProducer = (key: string, workDir: string) => Promise<string | ProducedBlob | null>;

/**
 * Catalog media (voice previews, music tracks) is made on first request and then kept, so
 * start-up stays fast and nothing is rendered that nobody listens to. Concurrent first
 * requests for one key share one render.
 */
export class LazyBlobs {
  private readonly producers: [string, BlobProducer][] = [];
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly tempRoot = tmpdir(),
  ) {}

  register(prefix: string, producer: BlobProducer): void {
    this.producers.push([prefix, producer]);
  }

  /** True when a producer makes this key on request (whether or not it is made yet). */
  handles(key: string): boolean {
    return this.producers.some(([prefix]) => key.startsWith(prefix));
  }

  /** True when the blob exists (now); false when no producer knows the key. */
  async ensure(key: string): Promise<boolean> {
    if (await this.blobs.stat(key)) return true;
    const producer = this.producers.find(([prefix]) => key.startsWith(prefix))?.[1];
    if (!producer) return false;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.produce(key, producer).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async produce(key: string, producer: BlobProducer): Promise<boolean> {
    const workDir = await mkdtemp(join(this.tempRoot, 'cw-lazy-'));
    try {
      const made = await producer(key, workDir);
      if (!made) return false;
      await this.blobs.putFile(key, typeof made === 'string' ? made : made.path);
      // Checked after the put: a deletion committed before this check is seen here, and one
      // committed after it removes the stored file itself.
      if (typeof made !== 'string' && !(await made.stillCurrent())) {
        await this.blobs.remove(key);
        return false;
      }
      return true;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }
}
