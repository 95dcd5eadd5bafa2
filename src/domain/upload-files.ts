import { randomUUID } from 'node:crypto';
import { UPLOAD_ID_RE, UPLOAD_KEY_ROOT, legacyUploadKeyOf, uploadIdOf } from '../core/uploads.js';
import type { BlobStore } from '../engines/blobs/port.js';

/** One upload's folder as found in the blob store. */
export interface UploadFolder {
  id: string;
  /** Null for a folder written before uploads had an owner. */
  accountId: string | null;
  /** The newest file's write time (ISO 8601), from the store. */
  modifiedAt: string;
}

/** Where uploads live in the blob store, and who owns each. */
export class UploadFiles {
  constructor(private readonly blobs: BlobStore) {}

  /** A new upload's id and key; `fileName` must already be safe as one path segment. */
  newKey(accountId: string, fileName: string): { id: string; key: string } {
    const id = randomUUID();
    return { id, key: `${UPLOAD_KEY_ROOT}${id}/${accountId}/${fileName}` };
  }

  /** The stored file of an upload and its owner, or null when there is none. */
  async locate(id: string): Promise<{ key: string; accountId: string | null } | null> {
    const entries = await this.blobs.list(folderOf(id));
    const first = entries.map((e) => e.key).sort()[0];
    if (!first) return null;
    const parts = first.split('/');
    return { key: first, accountId: parts.length === 4 ? parts[2]! : null };
  }

  /** The blob key a reference (either shape) stands for, or null when nothing is stored there. */
  async keyOf(ref: string): Promise<string | null> {
    const id = uploadIdOf(ref);
    if (id) return (await this.locate(id))?.key ?? null;
    return legacyUploadKeyOf(ref);
  }

  /** True when the upload exists and `accountId` sent it. */
  async isOwnedBy(id: string, accountId: string): Promise<boolean> {
    return (await this.blobs.list(`${folderOf(id)}${accountId}/`)).length > 0;
  }

  /** Deletes an upload's folder; a missing one is not an error. */
  remove(id: string): Promise<void> {
    return this.blobs.removePrefix(folderOf(id));
  }

  /** Every upload folder in the store, with its owner and age. */
  async folders(): Promise<UploadFolder[]> {
    const byId = new Map<string, UploadFolder>();
    for (const entry of await this.blobs.list(UPLOAD_KEY_ROOT)) {
      const parts = entry.key.split('/');
      const id = parts[1];
      if (!id || !UPLOAD_ID_RE.test(id)) continue;
      const accountId = parts.length === 4 ? parts[2]! : null;
      const seen = byId.get(id);
      if (!seen) byId.set(id, { id, accountId, modifiedAt: entry.modifiedAt });
      else if (entry.modifiedAt > seen.modifiedAt) seen.modifiedAt = entry.modifiedAt;
    }
    return [...byId.values()];
  }
}

function folderOf(id: string): string {
  if (!UPLOAD_ID_RE.test(id)) throw new Error(`not an upload id: "${id}"`);
  return `${UPLOAD_KEY_ROOT}${id}/`;
}
