import { readdir, readFile, stat } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

/** Bytes and files under a folder, recursively (a missing folder holds nothing). */
async function folderUsage(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    // A part being written is renamed into place between the listing and the stat: not there any more.
    const size = await stat(join(e.parentPath, e.name)).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) continue;
    files += 1;
    bytes += size;
  }
  return { bytes, files };
}

/** Waits for a condition that the server reaches on its own (a stored part, a clean-up after a disconnect). */
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Multipart file parts are stored only for an authenticated request to a known route, and only
 * as long as the request is not rejected: nothing accumulates under `DATA_DIR/files/uploads/`.
 */
describe('upload storage', () => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: FixtureDir;
  let voice: Buffer;
  let portrait: Buffer;
  let broke: Record<string, string>;
  let uploadsDir: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-upload-storage-');
    voice = await readFile(await makeSpeech(fx.path('voice.wav'), 'A short recording sent as a file.'));
    portrait = await readFile(await makePortrait(fx.path('face.jpg'), 'presenter', { width: 300 }));
    db = await freshSqlite();
    t = await startTestApp(db, { UPLOAD_LIMIT_BYTES: String(1024 * 1024) }, { credits: 40, consume: false });
    const b = await t.c.accounts.create('broke', 0);
    broke = { 'x-api-id': b.api_id, 'x-api-key': b.api_key };
    uploadsDir = join(db.dataDir, 'files', 'uploads');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.cleanup();
  });

  const form = (files: number, extra: Record<string, string> = {}) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(extra)) f.append(k, v);
    for (let i = 0; i < files; i++) f.append(i === 0 ? 'audio' : `extra_${i}`, new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), `voice-${i}.wav`);
    return f;
  };
  const send = async (method: string, url: string, f: FormData, headers: Record<string, string> = {}) => {
    const encoded = new Response(f);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return t.app.inject({ method: method as 'POST', url, headers: { ...headers, 'content-type': encoded.headers.get('content-type')! }, payload });
  };

  it('stores nothing for a multipart request to an unknown route, /healthz or /files/ (no credentials)', async () => {
    const before = await folderUsage(uploadsDir);
    const unknown = await send('POST', '/api/no_such_thing/', form(3));
    expect(unknown.statusCode).toBe(404);
    const health = await send('POST', '/healthz', form(3));
    expect(health.statusCode).toBe(405);
    const files = await send('POST', '/files/x', form(3));
    expect(files.statusCode).toBe(405);
    const put = await send('PUT', '/files/x', form(3));
    expect(put.statusCode).toBe(405);
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('stores nothing for a request with wrong credentials, or to an unknown route with good ones', async () => {
    const before = await folderUsage(uploadsDir);
    const wrong = await send('POST', '/api/lipsyncs/preview/', form(1, { aspect_ratio: '9:16' }), { 'x-api-id': t.account.api_id, 'x-api-key': 'wrong' });
    expect(wrong.statusCode).toBe(401);
    const unknown = await send('POST', '/api/no_such_thing/', form(1), t.headers);
    expect(unknown.statusCode).toBe(404);
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('deletes the parts of a request rejected with 400', async () => {
    const before = await folderUsage(uploadsDir);
    const r = await send('POST', '/api/lipsyncs/preview/', form(1, { aspect_ratio: '7:3' }), t.headers);
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual(['aspect_ratio']);
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('deletes the parts of a request rejected with 402', async () => {
    const before = await folderUsage(uploadsDir);
    const f = new FormData();
    f.append('image', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'face.jpg');
    f.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'voice.wav');
    const r = await send('POST', '/api/aurora/', f, broke);
    expect(r.statusCode).toBe(402);
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('answers too many file parts with 413 saying so, and keeps none of them', async () => {
    const before = await folderUsage(uploadsDir);
    const r = await send('POST', '/api/lipsyncs/preview/', form(6, { aspect_ratio: '9:16' }), t.headers);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ detail: 'At most 5 files per request.', code: 'payload_too_large' });
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('answers too many fields with 413 saying so (a large field past the limit does not stall the request)', async () => {
    const f = new FormData();
    for (let i = 0; i < 201; i++) f.append(`field_${i}`, 'x');
    f.append('late', 'v'.repeat(300_000));
    f.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'voice.wav');
    const before = await folderUsage(uploadsDir);
    const r = await send('POST', '/api/lipsyncs/preview/', f, t.headers);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ detail: 'At most 200 fields per request.', code: 'payload_too_large' });
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('answers a file over the limit with 413 naming the file, and keeps the parts before it', async () => {
    const before = await folderUsage(uploadsDir);
    const f = form(2, { aspect_ratio: '9:16' });
    f.append('big', new Blob([new Uint8Array(2 * 1024 * 1024).fill(1)], { type: 'audio/wav' }), 'big.wav');
    const r = await send('POST', '/api/lipsyncs/preview/', f, t.headers);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ detail: 'The file "big.wav" is larger than 1048576 bytes.', code: 'payload_too_large' });
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('deletes the parts already stored when the client goes away in the middle of the body', async () => {
    const before = await folderUsage(uploadsDir);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'cw-abort-boundary';
    const part = (name: string, file: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: audio/wav\r\n\r\n`;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/lipsyncs/preview/ HTTP/1.1\r\nHost: localhost\r\nX-API-ID: ${t.headers['x-api-id']}\r\nX-API-KEY: ${t.headers['x-api-key']}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    // One whole file part (stored once the next boundary shows it ended), then half of another.
    socket.write(part('audio', 'first.wav'));
    socket.write(voice);
    socket.write(`\r\n${part('extra', 'second.wav')}`);
    socket.write(voice.subarray(0, 1000));
    await until(async () => (await folderUsage(uploadsDir)).files > before.files);
    socket.destroy();
    await until(async () => (await folderUsage(uploadsDir)).files === before.files);
    expect(await folderUsage(uploadsDir)).toEqual(before);
  });

  it('keeps the parts of an accepted request', async () => {
    const before = await folderUsage(uploadsDir);
    const r = await send('POST', '/api/lipsyncs/preview/', form(1, { aspect_ratio: '9:16' }), t.headers);
    expect(r.statusCode).toBe(201);
    const after = await folderUsage(uploadsDir);
    expect(after.files).toBe(before.files + 1);
    expect(after.bytes).toBe(before.bytes + voice.length);
  });
});
