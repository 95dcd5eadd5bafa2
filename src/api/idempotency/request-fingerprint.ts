import { createHash } from 'node:crypto';
import type { UploadDigest } from './upload-digests.js';

export interface FingerprintInput {
  method: string;
  /** The route as registered (`/api/lipsyncs/:id/render/`), so a trailing slash or not is the same endpoint. */
  route: string;
  params: unknown;
  /** The body as the content-type parser produced it (JSON, form fields, or multipart fields), before the schema. */
  body: unknown;
  /** Multipart file parts: the value in the body → the file's digest. */
  uploads: ReadonlyMap<string, UploadDigest>;
}

/**
 * What "the same request" means for an idempotency key: the same endpoint and the same parsed
 * body, compared as canonical JSON (object keys sorted, so member order and whitespace do not
 * count) with each uploaded file reduced to its content digest and size. The body is taken before
 * validation, so a field the schema ignores still makes a different request, as at Stripe.
 */
export function requestFingerprint(input: FingerprintInput): string {
  const canonical = canonicalJson(
    { method: input.method, route: input.route, params: input.params ?? null, body: isEmpty(input.body) ? null : input.body },
    input.uploads,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** A follow-up's missing body, `{}` and an empty JSON text are one request, whatever the client library sends. */
function isEmpty(body: unknown): boolean {
  if (body === null || body === undefined || body === '') return true;
  return typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) && Object.keys(body).length === 0;
}

export function canonicalJson(value: unknown, uploads: ReadonlyMap<string, UploadDigest> = new Map()): string {
  const walk = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') {
      const upload = uploads.get(v);
      return upload ? `{"$upload":{"sha256":${JSON.stringify(upload.sha256)},"size_bytes":${upload.sizeBytes}}}` : JSON.stringify(v);
    }
    if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
    if (typeof v === 'bigint') return v.toString();
    if (Buffer.isBuffer(v)) return JSON.stringify({ $bytes: createHash('sha256').update(v).digest('hex') });
    if (Array.isArray(v)) return `[${v.map(walk).join(',')}]`;
    if (typeof v === 'object') {
      const entries = Object.keys(v as object)
        .sort()
        .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .map((k) => `${JSON.stringify(k)}:${walk((v as Record<string, unknown>)[k])}`);
      return `{${entries.join(',')}}`;
    }
    return 'null';
  };
  return walk(value);
}
