import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../engines/blobs/port.js';

/**
 * Files sent as multipart parts are kept in the blob store, and the field they came in carries
 * `upload:<id>` instead of a URL: an opaque id, never the storage key. Everything that takes a
 * media URL reads such a value from the blob store (see `engines/fetch/upload-aware-fetcher.ts`),
 * so a file part and a URL are interchangeable wherever a URL is accepted.
 *
 * An upload belongs to the account that sent it: its key is `uploads/<id>/<accountId>/<file>`,
 * and the API accepts `upload:<id>` only from that account (`api/upload-refs.ts`) before any
 * service sees the value, so a task's input only ever holds its own account's uploads.
 */
export const UPLOAD_REF_PREFIX = 'upload:';

/** What a client hears for a reference that is not one of its uploads (unknown, deleted or another account's alike). */
export const UPLOAD_NOT_FOUND_MESSAGE = 'The uploaded file was not found; send it again.';

/** Blob keys of uploads start here; the random id keeps keys unguessable. */
export const UPLOAD_KEY_ROOT = 'uploads/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`);

/** The only shape of an upload reference a client may send (and sees). */
export const UPLOAD_REF_PATTERN = new RegExp(`^${UPLOAD_REF_PREFIX}(${UUID})$`);

export function uploadRef(id: string): string {
  return `${UPLOAD_REF_PREFIX}${id}`;
}

/** The upload id of a reference, or null when the value is not one. */
export function uploadIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return UPLOAD_REF_PATTERN.exec(value)?.[1] ?? null;
}

/**
 * Before uploads had an owner, references carried the storage key (`upload:uploads/<id>/<file>`).
 * Tasks created then still hold such values; the fetcher reads them, the API no longer accepts them.
 */
export function legacyUploadKeyOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(UPLOAD_REF_PREFIX + UPLOAD_KEY_ROOT)) return null;
  const key = value.slice(UPLOAD_REF_PREFIX.length);
  const parts = key.split('/');
  return parts.length === 3 && UUID_RE.test(parts[1]!) && parts[2] !== '..' && parts[2] !== '.' && parts[2] !== '' ? key : null;
}

/** Either shape of reference (what the fetcher reads). */
export function isUploadRef(value: unknown): value is string {
  return uploadIdOf(value) !== null || legacyUploadKeyOf(value) !== null;
}

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
      if (!id || !UUID_RE.test(id)) continue;
      const accountId = parts.length === 4 ? parts[2]! : null;
      const seen = byId.get(id);
      if (!seen) byId.set(id, { id, accountId, modifiedAt: entry.modifiedAt });
      else if (entry.modifiedAt > seen.modifiedAt) seen.modifiedAt = entry.modifiedAt;
    }
    return [...byId.values()];
  }
}

function folderOf(id: string): string {
  if (!UUID_RE.test(id)) throw new Error(`not an upload id: "${id}"`);
  return `${UPLOAD_KEY_ROOT}${id}/`;
}
