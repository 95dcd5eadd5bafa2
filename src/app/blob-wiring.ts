import { join } from 'node:path';
import { LocalBlobStore } from '../engines/blobs/local-blob-store.js';
import { openS3BlobStore } from '../engines/blobs/open-s3-blob-store.js';
import type { BlobStore } from '../engines/blobs/port.js';
import type { UrlSigner } from '../engines/blobs/url-signer.js';
import type { Config } from './config.js';

/**
 * The bucket when `S3_BUCKET` is set (every process of a deployment shares it), else
 * `<DATA_DIR>/files`. `madeOnRequest` names keys the service makes on first request: in
 * presigned mode they keep the service's URLs.
 */
export async function createBlobStore(config: Config, signer: UrlSigner, madeOnRequest: (key: string) => boolean): Promise<BlobStore> {
  const { s3, fileUrls } = config.blobStorage;
  if (!s3) return new LocalBlobStore(join(config.dataDir, 'files'), signer);
  return openS3BlobStore(s3, { fileUrls, ttlSeconds: config.fileUrlTtlSeconds, signer, madeOnRequest });
}
