import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { contentTypeFor } from './content-type.js';
import { checkedPrefix, type BlobEntry, type BlobStat, type BlobStore, type StorageHealth } from './port.js';
import type { UrlSigner } from './url-signer.js';

/** Files under `<DATA_DIR>/files`, written via a temp name so a reader never sees half a file. */
export class LocalBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  private pathOf(key: string): string {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return p;
  }

  async putFile(key: string, sourcePath: string): Promise<BlobStat> {
    const dest = await this.writeWhole(key, (tmp) => copyFile(sourcePath, tmp));
    return { sizeBytes: (await stat(dest)).size, contentType: contentTypeFor(key) };
  }

  async putBuffer(key: string, data: Buffer): Promise<BlobStat> {
    await this.writeWhole(key, (tmp) => writeFile(tmp, data));
    return { sizeBytes: data.length, contentType: contentTypeFor(key) };
  }

  /** `write` fills a temporary name beside the blob, then one rename puts it in place; returns the blob's path. */
  private async writeWhole(key: string, write: (tmpPath: string) => Promise<void>): Promise<string> {
    const dest = this.pathOf(key);
    await mkdir(dirname(dest), { recursive: true });
    const tmp = `${dest}.tmp-${process.pid}`;
    await removedOnFailure(tmp, async () => {
      await write(tmp);
      await rename(tmp, dest);
    });
    return dest;
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { sizeBytes: s.size, contentType: contentTypeFor(key) } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(checkedPrefix(prefix)), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    const folder = this.pathOf(checkedPrefix(prefix));
    const found = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
    const entries: BlobEntry[] = [];
    for (const e of found) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      // A file removed between the listing and its stat is simply not there any more.
      const s = await stat(path).catch(() => null);
      if (s) entries.push({ key: relative(this.root, path).split(sep).join('/'), sizeBytes: s.size, modifiedAt: s.mtime.toISOString() });
    }
    return entries;
  }

  signedUrl(key: string): string {
    return this.signer.sign(key);
  }

  /** The folder can be written; how full its disk is, readiness reports beside it. */
  async health(): Promise<StorageHealth> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
      return { kind: 'local', ok: true };
    } catch (err) {
      return { kind: 'local', ok: false, detail: (err as Error).message };
    }
  }
}

/** A write that fails half-way (a full disk) leaves no partial temp file to fill it further. */
async function removedOnFailure(tmp: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}
