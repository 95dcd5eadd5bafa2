import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { FetchRefused } from '../../core/errors.js';
import { isUploadRef, UPLOAD_NOT_FOUND_MESSAGE } from '../../core/uploads.js';
import type { BlobStore } from '../blobs/port.js';
import { acceptanceProblem, effectiveType } from './media-types.js';
import type { DownloadedFile, FetchedResource, FetchOptions, UrlFetcher } from './port.js';
import { SNIFF_BYTES } from './sniff.js';

/**
 * A fetcher that also reads `upload:<id>` values (files sent as multipart parts) from the blob
 * store, with the same type checks as a fetched URL; every other value goes to `inner`.
 * `keyOf` finds an upload's blob key. Whose upload it is was checked when the value came in
 * (`api/upload-refs.ts`), so values reaching here are the task's own account's.
 */
export function uploadAwareFetcher(inner: UrlFetcher, blobs: BlobStore, keyOf: (ref: string) => Promise<string | null>): UrlFetcher {
  const located = async (ref: string) => {
    const key = await keyOf(ref);
    const stat = key ? await blobs.stat(key) : null;
    if (!key || !stat) throw new FetchRefused(UPLOAD_NOT_FOUND_MESSAGE);
    return { key, stat };
  };
  const readAll = async (key: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of blobs.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const typed = (declared: string, head: Buffer, opts: FetchOptions | undefined): string => {
    const type = effectiveType(declared, head);
    const problem = acceptanceProblem(type, opts?.accept);
    if (problem) throw new FetchRefused(`${problem} in the uploaded file.`);
    return type;
  };
  return {
    async fetch(url, opts): Promise<FetchedResource> {
      if (!isUploadRef(url)) return inner.fetch(url, opts);
      const { key, stat } = await located(url);
      const body = await readAll(key);
      return { finalUrl: url, status: 200, contentType: typed(stat.contentType, body.subarray(0, SNIFF_BYTES), opts), body };
    },
    async download(url, destPath, opts): Promise<DownloadedFile> {
      if (!isUploadRef(url)) return inner.download(url, destPath, opts);
      const { key, stat } = await located(url);
      let head = Buffer.alloc(0);
      for await (const chunk of blobs.read(key, { start: 0, end: SNIFF_BYTES - 1 })) head = Buffer.concat([head, chunk as Buffer]);
      const contentType = typed(stat.contentType, head, opts);
      try {
        await pipeline(blobs.read(key), createWriteStream(destPath), { signal: opts?.signal });
      } catch (err) {
        await rm(destPath, { force: true });
        throw err;
      }
      return { finalUrl: url, contentType, sizeBytes: stat.sizeBytes, path: destPath };
    },
  };
}
