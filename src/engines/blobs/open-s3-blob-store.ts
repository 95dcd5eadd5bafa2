import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { S3BlobStore } from './s3-blob-store.js';
import { S3Presigner } from './s3-presigner.js';
import type { UrlSigner } from './url-signer.js';

export interface S3Settings {
  bucket: string;
  /** `http(s)://host[:port]` of an S3-compatible server; null is AWS. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Both or neither; neither uses the SDK's default credential chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  partSizeBytes?: number;
}

export interface S3UrlSettings {
  /** `service`: the service's own signed /files/ URLs, streamed from the bucket; `presigned`: S3 presigned GET URLs. */
  fileUrls: 'service' | 'presigned';
  ttlSeconds: number;
  signer: Pick<UrlSigner, 'sign'>;
  /** Keys made on their first request (catalog previews, music): they keep service URLs, since only the service can make them. */
  madeOnRequest: (key: string) => boolean;
}

const S3_CONNECT_TIMEOUT_MS = 5000;
const S3_SOCKET_IDLE_TIMEOUT_MS = 60_000;

function staticCredentials(s3: S3Settings): { accessKeyId: string; secretAccessKey: string } | undefined {
  return s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined;
}

/** How the SDK client is set up (tests build their instrumented client from it too). */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  const credentials = staticCredentials(s3);
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    // The SDK's default since 2025 sends streamed bodies as aws-chunked with trailing CRC32s,
    // which S3-compatible servers (s3rver, older MinIO, Ceph) store verbatim: the chunk framing
    // ends up inside the object. Checksums only where the operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: an endpoint that cannot be reached, or a socket that goes
    // silent mid-transfer, fails (as a storage outage) instead of holding a job or a request.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_SOCKET_IDLE_TIMEOUT_MS },
  };
}

/** The SDK is imported here, only when configuration selects S3. Fails when the bucket cannot be reached. */
export async function openS3BlobStore(s3: S3Settings, urls: S3UrlSettings): Promise<S3BlobStore> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client(s3ClientConfig(s3));
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: s3.bucket }));
  } catch (err) {
    client.destroy();
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const where = s3.endpoint ?? `AWS ${s3.region}`;
    throw new Error(
      `S3 bucket "${s3.bucket}" at ${where} cannot be used${status ? ` (HTTP ${status})` : ''}: ${(err as Error).name} ${(err as Error).message}`.trim(),
    );
  }
  let signedUrl = (key: string) => urls.signer.sign(key);
  if (urls.fileUrls === 'presigned') {
    const credentials = staticCredentials(s3);
    if (!credentials) throw new Error('FILE_URLS=presigned needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    const presigner = new S3Presigner({ ...s3, ...credentials }, urls.ttlSeconds);
    signedUrl = (key) => (urls.madeOnRequest(key) ? urls.signer.sign(key) : presigner.presign(key));
  }
  // Readiness asks once and reports what it heard, rather than waiting out the SDK's retries.
  const probeClient = new sdk.S3Client({ ...s3ClientConfig(s3), maxAttempts: 1 });
  const where = `S3 bucket "${s3.bucket}" at ${s3.endpoint ?? `AWS ${s3.region}`}`;
  return new S3BlobStore(sdk, client, { bucket: s3.bucket, signedUrl, partSizeBytes: s3.partSizeBytes, where, probeClient });
}
