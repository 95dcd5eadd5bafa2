import type { Readable } from 'node:stream';

export interface BlobStat {
  sizeBytes: number;
  contentType: string;
}

/** One stored blob as `list` reports it. */
export interface BlobEntry {
  key: string;
  sizeBytes: number;
  /** When it was written (ISO 8601 UTC). */
  modifiedAt: string;
}

/** What readiness reports about the file storage; `detail` says why it is not ok. */
export interface StorageHealth {
  kind: 'local' | 's3' | 'memory';
  ok: boolean;
  latencyMs?: number;
  detail?: string;
}

/** Where outputs live. Keys are relative paths like `<account>/<task>/output.mp3`. */
export interface BlobStore {
  putFile(key: string, sourcePath: string): Promise<BlobStat>;
  putBuffer(key: string, data: Buffer): Promise<BlobStat>;
  stat(key: string): Promise<BlobStat | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Deletes the blob; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Deletes every blob under a folder-like prefix (`<account>/<task>/`, ending in `/`, never the
   * root); nothing there is not an error. Output retention uses it to take all of a task's files.
   */
  removePrefix(prefix: string): Promise<void>;
  /** Every blob under a folder-like prefix (as `removePrefix` takes), in no particular order; none is an empty list. */
  list(prefix: string): Promise<BlobEntry[]>;
  /** A signed URL that expires: the service's own, served by the API at /files/, or (S3 with FILE_URLS=presigned) an S3 presigned URL. Synchronous: it is called for every URL of every polled task. */
  signedUrl(key: string): string;
  /** Whether the storage answers, within `timeoutMs` (readiness); never throws. */
  health(timeoutMs: number): Promise<StorageHealth>;
}

/** A prefix `removePrefix` may take: a folder (ends in `/`) below the root, with no `..` segment. */
export function checkedPrefix(prefix: string): string {
  const segments = prefix.split('/');
  if (!prefix.endsWith('/') || segments.length < 2 || segments.slice(0, -1).some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`not a blob folder prefix: "${prefix}"`);
  }
  return prefix;
}
