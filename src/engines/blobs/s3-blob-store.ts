import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeFor } from './content-type.js';
import { withDeadline } from '../../core/deadline.js';
import { checkedPrefix, type BlobEntry, type BlobStat, type BlobStore, type StorageHealth } from './port.js';
import { s3ErrorSummary, s3OutageOf } from './storage-outage.js';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** Part size of multipart uploads; files above it are sent in parts of this size. */
export const DEFAULT_PART_SIZE_BYTES = 8 * 1024 * 1024;
/** S3 refuses parts below 5 MiB (except the last). */
const MIN_PART_SIZE_BYTES = 5 * 1024 * 1024;
/** Parts uploaded at once: round trips to a distant bucket overlap, memory stays bounded. */
const PARTS_IN_FLIGHT = 3;
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

export interface S3BlobStoreOptions {
  bucket: string;
  /** Hands out a key's URL: the service's own signed `/files/` URL or an S3 presigned one. */
  signedUrl: (key: string) => string;
  partSizeBytes?: number;
  /** Names the bucket in outage messages (`S3 bucket "b" at http://…`). */
  where?: string;
  /** A client that tries once (no SDK retries), for readiness probes; defaults to the main one. */
  probeClient?: S3Client;
}

/**
 * Blobs in an S3-compatible bucket under the same keys the local store uses, so an API process
 * and workers on different machines share files through the bucket alone. The SDK is loaded
 * only when configuration selects S3 (`openS3BlobStore`).
 */
export class S3BlobStore implements BlobStore {
  private readonly partSizeBytes: number;

  constructor(
    private readonly sdk: S3Sdk,
    private readonly client: S3Client,
    private readonly opts: S3BlobStoreOptions,
  ) {
    this.partSizeBytes = Math.max(MIN_PART_SIZE_BYTES, opts.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES);
    this.where = opts.where ?? `S3 bucket "${opts.bucket}"`;
    // Outermost step, around the SDK's own retries: a bucket that does not answer, or answers that
    // it cannot serve now (5xx, 429), rejects with `DependencyUnavailable('storage')`, so a job
    // waits for the storage instead of spending its attempts, and a request answers 503.
    const where = this.where;
    client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (err) {
          throw s3OutageOf(err, where) ?? err;
        }
      },
      { step: 'initialize', name: 'clipwrightStorageOutage', override: true },
    );
  }

  private readonly where: string;

  async putFile(key: string, sourcePath: string): Promise<BlobStat> {
    const sizeBytes = (await stat(sourcePath)).size;
    if (sizeBytes > this.partSizeBytes) {
      await this.putMultipart(key, sourcePath, sizeBytes);
    } else {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: sizeBytes,
          ContentType: contentTypeFor(key),
        }),
      );
    }
    return { sizeBytes, contentType: contentTypeFor(key) };
  }

  async putBuffer(key: string, data: Buffer): Promise<BlobStat> {
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeFor(key) }),
    );
    return { sizeBytes: data.length, contentType: contentTypeFor(key) };
  }

  /**
   * A few parts in flight, each read from disk as it is sent: a 2 GB render costs
   * `PARTS_IN_FLIGHT` × 8 MiB of memory, and the object appears only when every part is in (an
   * upload that fails is aborted, so no orphaned parts are billed).
   */
  private async putMultipart(key: string, sourcePath: string, sizeBytes: number): Promise<void> {
    const { sdk, client, partSizeBytes } = this;
    const Bucket = this.opts.bucket;
    const created = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentTypeFor(key) }));
    const UploadId = created.UploadId!;
    const file = await open(sourcePath, 'r');
    const partCount = Math.ceil(sizeBytes / partSizeBytes);
    const etags: string[] = new Array(partCount);
    let next = 0;
    const sendParts = async () => {
      const buffer = Buffer.alloc(partSizeBytes);
      for (let index = next++; index < partCount; index = next++) {
        const offset = index * partSizeBytes;
        const length = Math.min(partSizeBytes, sizeBytes - offset);
        const { bytesRead } = await file.read(buffer, 0, length, offset);
        if (bytesRead !== length) throw new Error(`${sourcePath} changed while it was being uploaded`);
        const sent = await client.send(
          new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: index + 1, Body: buffer.subarray(0, length), ContentLength: length }),
        );
        etags[index] = sent.ETag!;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARTS_IN_FLIGHT, partCount) }, sendParts));
      const Parts = etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 }));
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } }));
    } catch (err) {
      next = partCount; // the other senders stop after their current part
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw err;
    } finally {
      await file.close();
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { sizeBytes: head.ContentLength ?? 0, contentType: contentTypeFor(key) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** The port's read is synchronous; the object's body is piped into the returned stream once S3 answers (a missing key is a stream error, as a missing local file is). */
  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    this.client
      .send(new this.sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range }), { abortSignal: abortedWith(out) })
      .then((got) => {
        const body = got.Body as Readable;
        body.on('error', (err) => out.destroy(err));
        body.pipe(out);
      })
      .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async removePrefix(prefix: string): Promise<void> {
    const keys = (await this.list(checkedPrefix(prefix))).map((e) => e.key);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const done = await this.client.send(
        new this.sdk.DeleteObjectsCommand({
          Bucket: this.opts.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (done.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 did not delete ${failed.length} blob(s) under ${prefix}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`);
    }
  }

  async list(prefix: string): Promise<BlobEntry[]> {
    const entries: BlobEntry[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: checkedPrefix(prefix), ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) entries.push({ key: o.Key, sizeBytes: o.Size ?? 0, modifiedAt: (o.LastModified ?? new Date(0)).toISOString() });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return entries;
  }

  signedUrl(key: string): string {
    return this.opts.signedUrl(key);
  }

  /** One HeadBucket, tried once, within `timeoutMs`: the detail says what the bucket answered. */
  async health(timeoutMs: number): Promise<StorageHealth> {
    const started = performance.now();
    const abort = new AbortController();
    try {
      const probe = this.opts.probeClient ?? this.client;
      await withDeadline(probe.send(new this.sdk.HeadBucketCommand({ Bucket: this.opts.bucket }), { abortSignal: abort.signal }), timeoutMs, 's3');
      return { kind: 's3', ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch (err) {
      abort.abort();
      return { kind: 's3', ok: false, detail: `${this.where}: ${s3ErrorSummary(err)}` };
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** A reader that goes away (a client closing a download) cancels the GET instead of draining it. */
function abortedWith(stream: PassThrough): AbortSignal {
  const controller = new AbortController();
  stream.once('close', () => controller.abort());
  return controller.signal;
}
