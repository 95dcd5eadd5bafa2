import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings a service process needs to use this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a random loopback port, its files in a temp folder removed by `stop`. */
export async function startS3(bucket = 'clipwright-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'cw-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey },
    async stop() {
      await server.close().catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
