import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/engines/ffmpeg/probe.js';
import { freshPostgres, REDIS_URL, type TestDatabase } from '../helpers/databases.js';
import { makeSpeech } from '../helpers/media-fixtures.js';
import { startS3, type TestS3 } from '../helpers/s3-server.js';
import { client, randomPort, runAdmin, startService, type ServiceProcess } from '../helpers/service-process.js';
import { fileUrl } from '../helpers/api-types.js';

/**
 * Black box: two API processes (one handing out the service's own file URLs, one S3 presigned
 * URLs) and a worker, on PostgreSQL + BullMQ + a real S3 server, each with its own DATA_DIR:
 * nothing but the bucket carries files between them.
 */
describe('scaled mode on S3 (api and worker with separate DATA_DIRs)', () => {
  let s3: TestS3;
  let db: TestDatabase;
  let scratch: string;
  const dirs: Record<'service' | 'presigned' | 'worker', string> = { service: '', presigned: '', worker: '' };
  const procs: ServiceProcess[] = [];
  const bases = { service: '', presigned: '' };
  let creds: { api_id: string; api_key: string };

  beforeAll(async () => {
    s3 = await startS3('clipwright-e2e');
    db = await freshPostgres();
    scratch = await mkdtemp(join(tmpdir(), 'cw-scaled-s3-'));
    for (const k of Object.keys(dirs) as (keyof typeof dirs)[]) dirs[k] = await mkdtemp(join(scratch, `${k}-`));
    const shared = {
      DATABASE_URL: db.databaseUrl!,
      REDIS_URL,
      SIGNING_SECRET: 'scaled-s3-secret',
      ...s3.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    creds = await runAdmin(['accounts', 'create', '--name', 's3', '--credits', '50'], { ...shared, DATA_DIR: dirs.worker });
    for (const mode of ['service', 'presigned'] as const) {
      const port = randomPort();
      bases[mode] = `http://127.0.0.1:${port}`;
      const api = startService('api', { ...shared, PORT: String(port), DATA_DIR: dirs[mode], FILE_URLS: mode, PUBLIC_BASE_URL: bases[mode] });
      procs.push(api);
      await api.waitFor(/clipwright started/, 60_000);
    }
    const worker = startService('worker', { ...shared, DATA_DIR: dirs.worker, PORT: String(randomPort()) });
    procs.push(worker);
    await worker.waitFor(/clipwright started/, 60_000);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.drop();
    await s3?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  /** Downloads a URL and probes it; the duration in seconds. */
  async function downloadAndProbe(url: string | null, name: string): Promise<number> {
    const r = await fetch(fileUrl(url));
    expect(r.status).toBe(200);
    const path = join(scratch, name);
    await writeFile(path, Buffer.from(await r.arrayBuffer()));
    return (await probeMedia(path)).durationSeconds;
  }

  it('a TTS made by the worker downloads through both kinds of URL, the service one by range too', async () => {
    const http = client(bases.service, creds);
    const voiceId = (await http.get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
    const created = await http.post('/api/text_to_speech/', { text: 'Stored in a bucket, heard anywhere.', voice_id: voiceId });
    expect(created.status).toBe(201);
    const done = await http.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'done' || b.status === 'failed', 90_000);
    expect(done.status).toBe('done');
    expect(done.output?.startsWith(`${bases.service}/files/`)).toBe(true);
    expect(await downloadAndProbe(done.output, 'tts-service.mp3')).toBeGreaterThan(0.5);

    const part = await fetch(fileUrl(done.output), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const viaPresigned = (await client(bases.presigned, creds).get(`/api/text_to_speech/${created.body.id}/`)).body;
    expect(viaPresigned.output?.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(viaPresigned.output).toContain('X-Amz-Signature=');
    expect(await downloadAndProbe(viaPresigned.output, 'tts-presigned.mp3')).toBeGreaterThan(0.5);
  }, 120_000);

  it('a file uploaded to one API process is used by the worker (lipsync with uploaded audio), output downloadable both ways', async () => {
    const sample = await makeSpeech(join(scratch, 'sample.wav'), 'An uploaded recording, spoken by the avatar.');
    const form = new FormData();
    form.append('aspect_ratio', '1:1');
    form.append('audio', new Blob([new Uint8Array(await readFile(sample))], { type: 'audio/wav' }), 'sample.wav');
    const headers = { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key };
    const r = await fetch(`${bases.presigned}/api/lipsyncs/preview/`, { method: 'POST', headers, body: form });
    expect(r.status).toBe(201);
    const id = ((await r.json()) as { id: string }).id;
    const done = await client(bases.presigned, creds).until(`/api/lipsyncs/${id}/`, (b) => b.status === 'done' || b.status === 'failed', 240_000);
    expect(done.failed_reason).toBeNull();
    expect(done.preview?.startsWith(s3.endpoint)).toBe(true);
    const seconds = await downloadAndProbe(done.preview, 'lipsync-presigned.mp4');
    expect(seconds).toBeGreaterThan(1);

    const viaService = (await client(bases.service, creds).get(`/api/lipsyncs/${id}/`)).body;
    expect(viaService.preview?.startsWith(`${bases.service}/files/`)).toBe(true);
    expect(await downloadAndProbe(viaService.preview, 'lipsync-service.mp4')).toBeCloseTo(seconds, 1);
  }, 300_000);

  it('a voice cloned from an uploaded sample (taken by one API process, matched by the worker) speaks through the other', async () => {
    const sample = await makeSpeech(
      join(scratch, 'clone-sample.wav'),
      'This recording was sent as a file to one process, kept in the bucket, and matched by a worker that never saw that process. ' +
        'Every word of it travels through object storage, and nothing through a shared disk.',
    );
    const form = new FormData();
    form.append('name', 'Bucket voice');
    form.append('audio_url', new Blob([new Uint8Array(await readFile(sample))], { type: 'audio/wav' }), 'clone-sample.wav');
    const headers = { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key };
    const r = await fetch(`${bases.service}/api/voices/clone/`, { method: 'POST', headers, body: form });
    expect(r.status).toBe(201);
    const cloneId = ((await r.json()) as { id: string }).id;
    const cloned = await client(bases.service, creds).until(`/api/voices/${cloneId}/`, (b) => b.status === 'done' || b.status === 'failed', 120_000);
    expect(cloned.failed_reason).toBeNull();
    expect(await downloadAndProbe(cloned.preview_url, 'clone-preview.mp3')).toBeGreaterThan(0.5);

    const http = client(bases.presigned, creds);
    const tts = await http.post('/api/text_to_speech/', { text: 'Spoken in a voice that lives in the bucket.', voice_id: cloneId });
    expect(tts.status).toBe(201);
    const spoken = await http.until(`/api/text_to_speech/${tts.body.id}/`, (b) => b.status === 'done' || b.status === 'failed', 90_000);
    expect(spoken.status).toBe('done');
    expect(spoken.output?.startsWith(s3.endpoint)).toBe(true);
    expect(await downloadAndProbe(spoken.output, 'clone-tts.mp3')).toBeGreaterThan(0.5);
  }, 240_000);

  it('no process kept a file in its own DATA_DIR/files: the bucket holds them all', async () => {
    for (const dir of Object.values(dirs)) {
      const files = join(dir, 'files');
      expect(existsSync(files) ? await readdir(files, { recursive: true }) : []).toEqual([]);
    }
  });
});
