import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { S3Presigner, type S3Location } from '../../../src/engines/blobs/s3-presigner.js';

const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const at = Date.parse('2026-01-02T03:04:00Z');

async function sdkUrl(location: S3Location, key: string, expiresIn: number): Promise<string> {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  return getSignedUrl(client, new GetObjectCommand({ Bucket: location.bucket, Key: key }), { expiresIn, signingDate: new Date(at) });
}

/** The synchronous presigner against the AWS SDK's own (s3rver does not check signatures, so this is the check). */
describe('S3Presigner', () => {
  const cases: [string, S3Location][] = [
    ['path style, custom endpoint with a port', { bucket: 'clips', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, ...keys }],
    ['virtual-hosted, custom endpoint', { bucket: 'clips', endpoint: 'https://minio.example.com', region: 'eu-west-1', forcePathStyle: false, ...keys }],
    ['AWS, virtual-hosted', { bucket: 'my-bucket', endpoint: null, region: 'eu-central-1', forcePathStyle: false, ...keys }],
    ['AWS, path style', { bucket: 'my-bucket', endpoint: null, region: 'us-east-1', forcePathStyle: true, ...keys }],
  ];
  const names = ['acc/task-1/output.mp3', "acc/t 1/out(1)*'!~é.mp4", 'uploads/0f/acc/a+b=c&d.wav'];

  it.each(cases)('writes the URL the SDK writes: %s', async (_, location) => {
    const presigner = new S3Presigner(location, 3600, () => at);
    for (const key of names) expect(presigner.presign(key)).toBe(await sdkUrl(location, key, 3600));
  });

  it('hands out one URL per step (the signing time is rounded down), a new one after it', () => {
    let now = at + 5_000;
    const presigner = new S3Presigner(cases[0]![1], 600, () => now);
    const first = presigner.presign('a/b.mp3');
    expect(first).toContain('X-Amz-Date=20260102T030400Z');
    now += 50_000;
    expect(presigner.presign('a/b.mp3')).toBe(first);
    now += 10_000;
    expect(presigner.presign('a/b.mp3')).toContain('X-Amz-Date=20260102T030500Z');
  });
});
