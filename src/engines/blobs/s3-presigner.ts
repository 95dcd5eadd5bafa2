import { createHash, createHmac } from 'node:crypto';
import { SteppedUrlCache } from './stepped-url-cache.js';

/** Where a bucket is and who signs for it (static keys: presigned URLs outlive any request). */
export interface S3Location {
  bucket: string;
  /** `http(s)://host[:port]`; null is AWS itself (`s3.<region>.amazonaws.com`). */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Presigned GET URLs (AWS Signature Version 4, query-string form), computed synchronously so
 * `BlobStore.signedUrl` stays synchronous for its ~30 callers in the wire mappers; the SDK's
 * presigner is async only because it resolves credentials and endpoints lazily, which a fixed
 * configuration does not need. The test suite checks the output byte for byte against the SDK's.
 *
 * Like the service's own signer, the signing time is rounded down to a step, each key's URL
 * signed once per step (`SteppedUrlCache`).
 */
export class S3Presigner {
  private readonly cache: SteppedUrlCache;
  private readonly origin: string;
  private readonly pathPrefix: string;
  private readonly host: string;
  private signingKeyDay = '';
  private signingKey = Buffer.alloc(0);

  constructor(
    private readonly location: S3Location,
    private readonly ttlSeconds: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.cache = new SteppedUrlCache(ttlSeconds);
    const base = new URL(location.endpoint ?? `https://s3.${location.region}.amazonaws.com`);
    const hostName = location.forcePathStyle ? base.host : `${location.bucket}.${base.host}`;
    this.host = hostName;
    this.origin = `${base.protocol}//${hostName}`;
    const basePath = base.pathname.replace(/\/+$/, '');
    this.pathPrefix = location.forcePathStyle ? `${basePath}/${uriEncode(location.bucket)}` : basePath;
  }

  presign(key: string): string {
    const signedAt = this.cache.stepOf(Math.floor(this.nowMs() / 1000));
    return this.cache.urlFor(key, signedAt, () => this.sign(key, new Date(signedAt * 1000)));
  }

  private sign(key: string, at: Date): string {
    const amzDate = at
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    const scope = `${day}/${this.location.region}/s3/aws4_request`;
    const path = `${this.pathPrefix}/${key.split('/').map(uriEncode).join('/')}`;
    // The query the SDK's presigner writes for GetObject, so the two compare byte for byte.
    const params: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
      ['X-Amz-Credential', `${this.location.accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(this.ttlSeconds)],
      ['X-Amz-SignedHeaders', 'host'],
      ['x-amz-checksum-mode', 'ENABLED'],
      ['x-id', 'GetObject'],
    ];
    const canonicalRequest = ['GET', path, canonicalQuery(params), `host:${this.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
    const signature = createHmac('sha256', this.keyFor(day)).update(stringToSign).digest('hex');
    return `${this.origin}${path}?${canonicalQuery([...params, ['X-Amz-Signature', signature]])}`;
  }

  /** The derived key changes once a day; deriving it is four HMACs, so it is kept. */
  private keyFor(day: string): Buffer {
    if (day !== this.signingKeyDay) {
      const hmac = (k: string | Buffer, data: string) => createHmac('sha256', k).update(data).digest();
      this.signingKey = hmac(hmac(hmac(hmac(`AWS4${this.location.secretAccessKey}`, day), this.location.region), 's3'), 'aws4_request');
      this.signingKeyDay = day;
    }
    return this.signingKey;
  }
}

/** Encoded and sorted by name (code-point order, as SigV4 specifies). */
function canonicalQuery(params: [string, string][]): string {
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `!'()*` included. */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
