import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** What a file part contributes to a request's fingerprint: its bytes, never where they were stored. */
export interface UploadDigest {
  sha256: string;
  sizeBytes: number;
}

const byRequest = new WeakMap<FastifyRequest, Map<string, UploadDigest>>();

/**
 * The hook between multipart parsing and idempotency keys. The parser stores each file part
 * under a fresh storage key, so the body a repeat carries differs from the first one's even when
 * the files are the same; it therefore notes, for the value it puts in the field, the digest of
 * the file's content, and the fingerprint uses that digest in place of the value.
 */
export function noteUploadDigest(request: FastifyRequest, fieldValue: string, digest: UploadDigest): void {
  const notes = byRequest.get(request) ?? new Map<string, UploadDigest>();
  byRequest.set(request, notes);
  notes.set(fieldValue, digest);
}

export function uploadDigestsOf(request: FastifyRequest): ReadonlyMap<string, UploadDigest> {
  return byRequest.get(request) ?? new Map();
}

/** A pass-through stream that hashes what flows through it, for the parser's write pipeline. */
export function digestingStream(): { stream: Transform; digest(): UploadDigest } {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  let result: UploadDigest | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: () => (result ??= { sha256: hash.digest('hex'), sizeBytes }) };
}
