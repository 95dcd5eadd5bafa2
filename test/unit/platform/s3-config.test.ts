import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cw-s3-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SIGNING_SECRET: 's', ...env });
const keys = { S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };

/** S3_* and FILE_URLS: what is selected, and the combinations that stop the start. */
describe('object storage configuration', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("without S3_BUCKET files stay local and URLs are the service's", () => {
    expect(load({}).blobStorage).toEqual({ s3: null, fileUrls: 'service' });
  });

  it('S3_BUCKET selects S3; an endpoint makes path style the default, AWS does not', () => {
    expect(load({ S3_BUCKET: 'clips', S3_ENDPOINT: 'http://minio:9000/', ...keys }).blobStorage).toEqual({
      s3: { bucket: 'clips', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true, accessKeyId: 'AK', secretAccessKey: 'SK' },
      fileUrls: 'service',
    });
    const aws = load({ S3_BUCKET: 'clips', S3_REGION: 'eu-west-1', FILE_URLS: 'presigned', ...keys }).blobStorage;
    expect(aws).toMatchObject({ s3: { endpoint: null, region: 'eu-west-1', forcePathStyle: false }, fileUrls: 'presigned' });
    expect(load({ S3_BUCKET: 'clips', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).blobStorage.s3).toMatchObject({
      forcePathStyle: false,
      accessKeyId: null,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT set but S3_BUCKET is not/],
    [{ FILE_URLS: 'presigned' }, /FILE_URLS=presigned needs S3 storage/],
    [{ FILE_URLS: 'cdn' }, /FILE_URLS must be one of service, presigned, got "cdn"/],
    [{ S3_BUCKET: 'clips', S3_ACCESS_KEY_ID: 'AK' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: 'clips', FILE_URLS: 'presigned' }, /FILE_URLS=presigned needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ S3_BUCKET: 'clips', FILE_URLS: 'presigned', FILE_URL_TTL_SECONDS: '1209600', ...keys }, /FILE_URL_TTL_SECONDS must be 1–604800/],
    [{ S3_BUCKET: 'clips', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: 'My.Bucket' }, /S3_BUCKET "My.Bucket" is not a DNS name, so it needs S3_FORCE_PATH_STYLE=true/],
  ])('refuses %j at start', (env, message) => {
    expect(() => load(env as Record<string, string>)).toThrow(message);
  });
});
