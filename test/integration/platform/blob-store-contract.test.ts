import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import * as sdk from '@aws-sdk/client-s3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFileRoutes } from '../../../src/api/files-route.js';
import { LocalBlobStore } from '../../../src/engines/blobs/local-blob-store.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { openS3BlobStore, s3ClientConfig, type S3Settings } from '../../../src/engines/blobs/open-s3-blob-store.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';
import { S3BlobStore } from '../../../src/engines/blobs/s3-blob-store.js';
import { UrlSigner } from '../../../src/engines/blobs/url-signer.js';
import { startS3, type TestS3 } from '../../helpers/s3-server.js';

const PART_BYTES = 5 * 1024 * 1024;

/** One store under test, with the /files/ route serving its service URLs. */
interface Subject {
  blobs: BlobStore;
  /** S3 commands sent so far (S3 stores only): shows multipart really happened. */
  commands?: string[];
  /** Whether `signedUrl` is fetchable here, and by whom. */
  urls: 'service' | 'presigned' | 'none';
}

let s3: TestS3;
let scratch: string;
let server: FastifyInstance;
let baseUrl = '';
/** The /files/ route serves whichever store the running case put there. */
let served: BlobStore = new MemoryBlobStore();
const signer = new UrlSigner('contract-secret', 'http://placeholder', 3600);
let serviceSigner: UrlSigner;

function s3Settings(): S3Settings {
  return {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    partSizeBytes: PART_BYTES,
  };
}

const makers: Record<string, () => Promise<Subject>> = {
  memory: async () => ({ blobs: new MemoryBlobStore(), urls: 'none' }),
  local: async () => ({ blobs: new LocalBlobStore(await mkdtemp(join(scratch, 'local-')), serviceSigner), urls: 'service' }),
  's3 (service URLs)': async () => {
    const client = new sdk.S3Client(s3ClientConfig(s3Settings()));
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName as string);
        return next(args);
      },
      { step: 'initialize' },
    );
    return {
      blobs: new S3BlobStore(sdk, client, { bucket: s3.bucket, signedUrl: (k) => serviceSigner.sign(k), partSizeBytes: PART_BYTES }),
      commands,
      urls: 'service',
    };
  },
  's3 (presigned URLs)': async () => ({
    blobs: await openS3BlobStore(s3Settings(), {
      fileUrls: 'presigned',
      ttlSeconds: 600,
      signer: serviceSigner,
      madeOnRequest: (k) => k.startsWith('music/'),
    }),
    urls: 'presigned',
  }),
};

beforeAll(async () => {
  s3 = await startS3();
  scratch = await mkdtemp(join(tmpdir(), 'cw-blob-contract-'));
  server = Fastify();
  registerFileRoutes(server, {
    signer,
    lazyBlobs: { ensure: async (key) => (await served.stat(key)) !== null },
    get blobs() {
      return served;
    },
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  serviceSigner = new UrlSigner('contract-secret', baseUrl, 3600);
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
  await rm(scratch, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(Object.keys(makers))('blob store contract: %s', (name) => {
  let subject: Subject;
  let blobs: BlobStore;
  const id = randomBytes(4).toString('hex');
  const folder = `acc-${id}/task-1/`;

  beforeAll(async () => {
    subject = await makers[name]!();
    blobs = subject.blobs;
  });

  it('puts a buffer and a file, and stat/read give them back', async () => {
    const data = Buffer.from('hello blobs');
    expect(await blobs.putBuffer(`${folder}note.txt`, data)).toEqual({ sizeBytes: data.length, contentType: 'text/plain; charset=utf-8' });
    expect(await blobs.stat(`${folder}note.txt`)).toEqual({ sizeBytes: data.length, contentType: 'text/plain; charset=utf-8' });
    expect((await readAll(blobs.read(`${folder}note.txt`))).toString()).toBe('hello blobs');

    const source = join(scratch, `${id}-small.mp3`);
    const audio = randomBytes(70_000);
    await writeFile(source, audio);
    expect(await blobs.putFile(`${folder}output.mp3`, source)).toEqual({ sizeBytes: audio.length, contentType: 'audio/mpeg' });
    expect(sha(await readAll(blobs.read(`${folder}output.mp3`)))).toBe(sha(audio));
    // An empty file is a file.
    expect(await blobs.putBuffer(`${folder}empty.json`, Buffer.alloc(0))).toEqual({ sizeBytes: 0, contentType: 'application/json' });
    expect(await blobs.stat(`${folder}empty.json`)).toEqual({ sizeBytes: 0, contentType: 'application/json' });
    expect((await readAll(blobs.read(`${folder}empty.json`))).length).toBe(0);
    // Overwriting replaces.
    await blobs.putBuffer(`${folder}note.txt`, Buffer.from('v2'));
    expect((await readAll(blobs.read(`${folder}note.txt`))).toString()).toBe('v2');
  });

  it('reads a byte range (both ends inclusive)', async () => {
    await blobs.putBuffer(`${folder}range.bin`, Buffer.from('0123456789abcdefghij'));
    expect((await readAll(blobs.read(`${folder}range.bin`, { start: 10, end: 14 }))).toString()).toBe('abcde');
    expect((await readAll(blobs.read(`${folder}range.bin`, { start: 19, end: 19 }))).toString()).toBe('j');
  });

  it('a missing key: stat is null, read fails, remove is not an error', async () => {
    expect(await blobs.stat(`${folder}nothing.mp3`)).toBeNull();
    await expect(readAll(blobs.read(`${folder}nothing.mp3`))).rejects.toThrow();
    await expect(blobs.remove(`${folder}nothing.mp3`)).resolves.toBeUndefined();
  });

  it('lists a folder with sizes and write times, and nothing of its neighbours', async () => {
    const before = Date.now() - 5_000;
    await blobs.putBuffer(`list-${id}/a/one.txt`, Buffer.from('1'));
    await blobs.putBuffer(`list-${id}/a/deep/two.txt`, Buffer.from('22'));
    await blobs.putBuffer(`list-${id}/ab/three.txt`, Buffer.from('333'));
    const listed = (await blobs.list(`list-${id}/a/`)).sort((x, y) => x.key.localeCompare(y.key));
    expect(listed.map((e) => [e.key, e.sizeBytes])).toEqual([
      [`list-${id}/a/deep/two.txt`, 2],
      [`list-${id}/a/one.txt`, 1],
    ]);
    for (const e of listed) expect(Date.parse(e.modifiedAt)).toBeGreaterThan(before);
    expect(await blobs.list(`list-${id}/none/`)).toEqual([]);
    await expect(blobs.list('no-slash')).rejects.toThrow(/not a blob folder prefix/);
  });

  it('removes one blob, and a whole folder but not a neighbour with a longer name', async () => {
    await blobs.putBuffer(`rm-${id}/t/x.txt`, Buffer.from('x'));
    await blobs.putBuffer(`rm-${id}/t/sub/y.txt`, Buffer.from('y'));
    await blobs.putBuffer(`rm-${id}/t2/z.txt`, Buffer.from('z'));
    await blobs.remove(`rm-${id}/t/x.txt`);
    expect(await blobs.stat(`rm-${id}/t/x.txt`)).toBeNull();
    await blobs.removePrefix(`rm-${id}/t/`);
    expect(await blobs.list(`rm-${id}/t/`)).toEqual([]);
    expect(await blobs.stat(`rm-${id}/t2/z.txt`)).not.toBeNull();
    await expect(blobs.removePrefix(`rm-${id}/empty/`)).resolves.toBeUndefined();
    await expect(blobs.removePrefix(`rm-${id}/../`)).rejects.toThrow(/not a blob folder prefix/);
  });

  it('stores a large file (multipart on S3) intact', async () => {
    const source = join(scratch, `${id}-large.mp4`);
    const data = randomBytes(2 * PART_BYTES + 123_457);
    await writeFile(source, data);
    const started = performance.now();
    expect(await blobs.putFile(`${folder}large.mp4`, source)).toEqual({ sizeBytes: data.length, contentType: 'video/mp4' });
    const putMs = performance.now() - started;
    expect((await blobs.stat(`${folder}large.mp4`))?.sizeBytes).toBe(data.length);
    expect(sha(await readAll(blobs.read(`${folder}large.mp4`)))).toBe(sha(data));
    const tail = await readAll(blobs.read(`${folder}large.mp4`, { start: data.length - 100, end: data.length - 1 }));
    expect(tail.equals(data.subarray(data.length - 100))).toBe(true);
    if (subject.commands) {
      expect(subject.commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
      expect(subject.commands).toContain('CompleteMultipartUploadCommand');
    }
    console.log(`[blob contract] ${name}: put ${(data.length / 1048576).toFixed(1)} MiB in ${putMs.toFixed(0)} ms`);
  });

  if (name !== 'memory') {
    it('a signed URL downloads the blob, whole and by range', async () => {
      served = blobs;
      const body = randomBytes(50_000);
      await blobs.putBuffer(`${folder}clip file (1).mp4`, body);
      const url = blobs.signedUrl(`${folder}clip file (1).mp4`);
      expect(url.startsWith(subject.urls === 'presigned' ? s3.endpoint : `${baseUrl}/files/`)).toBe(true);

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(body));

      const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${body.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);

      const beyond = await fetch(url, { headers: { range: `bytes=${body.length + 10}-` } });
      expect(beyond.status).toBe(416);
      await beyond.arrayBuffer();

      // s3rver does not check presigned signatures (the unit test compares them with the SDK's); the service does.
      if (subject.urls === 'service') {
        const forged = await fetch(url.replace(/(signature=)([0-9a-f])/, (_, p, c) => p + (c === '0' ? '1' : '0')));
        expect(forged.status).toBe(403);
        expect(await forged.json()).toEqual({ detail: 'Invalid file signature.', code: 'invalid_signature' });
      }
    });
  }
});

describe('S3 store specifics', () => {
  it('presigned mode keeps service URLs for keys the service makes on request', async () => {
    const blobs = await makers['s3 (presigned URLs)']!();
    expect(blobs.blobs.signedUrl('music/track-1.mp3').startsWith(`${baseUrl}/files/music/`)).toBe(true);
    expect(blobs.blobs.signedUrl('acc/t/output.mp3')).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/acc/t/output\\.mp3\\?X-Amz-Algorithm=`));
  });

  it('a multipart upload that fails part-way is aborted and leaves no object', async () => {
    const client = new sdk.S3Client(s3ClientConfig(s3Settings()));
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName as string);
        if (context.commandName === 'UploadPartCommand' && (args.input as { PartNumber: number }).PartNumber === 2) throw new Error('connection reset');
        return next(args);
      },
      { step: 'initialize' },
    );
    const blobs = new S3BlobStore(sdk, client, { bucket: s3.bucket, signedUrl: (k) => k, partSizeBytes: PART_BYTES });
    const source = join(scratch, 'failing-large.mp4');
    await writeFile(source, randomBytes(3 * PART_BYTES));
    await expect(blobs.putFile('fails/part-way/large.mp4', source)).rejects.toThrow('connection reset');
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await blobs.stat('fails/part-way/large.mp4')).toBeNull();
  });

  it('a bucket that does not exist stops the start with a clear message', async () => {
    await expect(
      openS3BlobStore(
        {
          bucket: 'no-such-bucket',
          endpoint: s3.endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: s3.secretAccessKey,
        },
        { fileUrls: 'service', ttlSeconds: 600, signer: serviceSigner, madeOnRequest: () => false },
      ),
    ).rejects.toThrow(/S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used \(HTTP 404\)/);
  });
});
