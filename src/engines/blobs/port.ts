import type { Readable } from 'node:stream';

export interface BlobStat {
  sizeBytes: number;
  contentType: string;
}

/** Where outputs live. Keys are relative paths like `<account>/<task>/output.mp3`. */
export interface BlobStore {
  putFile(key: string, sourcePath: string): Promise<BlobStat>;
  putBuffer(key: string, data: Buffer): Promise<BlobStat>;
  stat(key: string): Promise<BlobStat | null>;
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Deletes the blob; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** A signed URL that expires; the local store's URLs are served by the API at /files/. */
  signedUrl(key: string): string;
}
