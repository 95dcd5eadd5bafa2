import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/engines/ffmpeg/index.js';
import { freshSqlite, type TestDatabase } from '../helpers/databases.js';
import { client, randomPort, startService, type ServiceProcess } from '../helpers/service-process.js';
import { fileUrl } from '../helpers/api-types.js';

/** Black box: `clipwright serve` on the embedded defaults, driven over HTTP. */
describe('embedded mode (serve, SQLite, in-process queue)', () => {
  let db: TestDatabase;
  let svc: ServiceProcess;
  let port: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await freshSqlite();
    port = randomPort();
    env = { PORT: String(port), DATA_DIR: db.dataDir, JOB_POLL_MS: '100', DEFAULT_ACCOUNT_CREDITS: '50' };
    svc = startService('serve', env);
    await svc.waitFor(/clipwright started/);
  });
  afterAll(async () => {
    await svc.stop();
    await db.drop();
  });

  it('creates a default account on first start, prints it once and saves it with mode 600', async () => {
    const file = join(db.dataDir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const creds = JSON.parse(readFileSync(file, 'utf8'));
    expect(svc.output()).toContain(creds.api_key);
    const api = client(`http://127.0.0.1:${port}`, creds);
    expect(await api.get('/api/remaining_credits/')).toEqual({ status: 200, body: { remaining_credits: 50 } });
  });

  it('turns text into a playable MP3 and settles its credit, all over HTTP', async () => {
    const creds = JSON.parse(readFileSync(join(db.dataDir, 'credentials.json'), 'utf8'));
    const api = client(`http://127.0.0.1:${port}`, creds);
    const voices = await api.get('/api/voices/paginated/?language=en&page_size=1');
    const voiceId = voices.status === 200 ? voices.body.results[0]!.id : process.env.CW_DEFAULT_VOICE;
    const created = await api.post('/api/text_to_speech/', { text: 'Hello from Clipwright. This is a test of real speech.', voice_id: voiceId });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    const done = await api.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'done' || b.status === 'failed');
    expect(done.status).toBe('done');
    expect(done.credits_used).toBe(1);
    const audio = await fetch(fileUrl(done.output));
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const file = join(db.dataDir, 'downloaded.mp3');
    writeFileSync(file, Buffer.from(await audio.arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(probe.durationSeconds).toBeGreaterThan(2);
    expect(Math.abs(probe.durationSeconds - done.duration!)).toBeLessThan(0.15);
    expect((await api.get('/api/remaining_credits/')).body.remaining_credits).toBe(49);
  });

  it('finishes a job after the process is killed mid-run and restarted, charged once', async () => {
    const creds = JSON.parse(readFileSync(join(db.dataDir, 'credentials.json'), 'utf8'));
    const api = client(`http://127.0.0.1:${port}`, creds);
    await svc.stop();
    svc = startService('serve', { ...env, JOB_START_DELAY_MS: '4000', JOB_LEASE_MS: '1500' });
    await svc.waitFor(/clipwright started/);
    const before = (await api.get('/api/remaining_credits/')).body.remaining_credits;
    const voiceId = (await api.get('/api/voices/paginated/?language=en&page_size=1')).body.results[0]!.id;
    const created = await api.post('/api/text_to_speech/', { text: 'Crash safety check.', voice_id: voiceId });
    await api.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'processing');
    await svc.stop('SIGKILL');
    svc = startService('serve', { ...env, JOB_LEASE_MS: '1500' });
    await svc.waitFor(/clipwright started/);
    const done = await api.until(`/api/text_to_speech/${created.body.id}/`, (b) => b.status === 'done' || b.status === 'failed');
    expect(done.status).toBe('done');
    expect((await api.get('/api/remaining_credits/')).body.remaining_credits).toBe(before - 1);
  });
});
