import { execFile } from 'node:child_process';
import { readFile, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/engines/ffmpeg/index.js';
import { freshSqlite, type TestDatabase } from '../helpers/databases.js';
import { startPageServer, type PageServer } from '../helpers/page-server.js';
import { client, randomPort, startService, type ServiceProcess } from '../helpers/service-process.js';

const run = promisify(execFile);
const readBytes = promisify(readFile);

/**
 * Black box: the work that runs on worker threads (music synthesis, voice-sample analysis) works
 * in the service as a user starts it, where TypeScript is loaded through tsx by bin/clipwright.mjs.
 */
describe('CPU work on worker threads in a started service', () => {
  let db: TestDatabase;
  let svc: ServiceProcess;
  let pages: PageServer;
  let baseUrl: string;

  beforeAll(async () => {
    db = await freshSqlite();
    const silence = join(db.dataDir, 'silence.wav');
    await run('sox', ['-n', '-r', '16000', '-b', '16', silence, 'trim', '0', '8']);
    pages = await startPageServer({ '/silence.wav': { headers: { 'content-type': 'audio/wav' }, body: await readBytes(silence) } });
    const port = randomPort();
    baseUrl = `http://127.0.0.1:${port}`;
    svc = startService('serve', { PORT: String(port), DATA_DIR: db.dataDir, JOB_POLL_MS: '100', DEFAULT_ACCOUNT_CREDITS: '5', ALLOW_PRIVATE_URLS: '1' });
    await svc.waitFor(/clipwright started/);
  });
  afterAll(async () => {
    await svc?.stop();
    await pages?.close();
    await db?.drop();
  });

  const api = () => client(baseUrl, JSON.parse(readFileSync(join(db.dataDir, 'credentials.json'), 'utf8')));

  it('renders a library track on first download: a real MP3 of the catalog length', async () => {
    const track = (await api().get('/api/musics/?page_size=1')).body.results[0]!;
    const r = await fetch(track.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('audio/mpeg');
    const file = join(db.dataDir, 'track.mp3');
    writeFileSync(file, Buffer.from(await r.arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(Math.abs(probe.durationSeconds - track.duration)).toBeLessThan(0.2);
  });

  it('answers a clone request with a silent sample with the 400 and the reason, charging nothing', async () => {
    const r = await api().post('/api/voices/clone/', { audio_url: pages.url('/silence.wav'), name: 'Nobody' });
    expect(r.status).toBe(400);
    // A 400's body is the field map, not the documented 201 answer: read through a matcher.
    expect(r.body).toHaveProperty(['audio_url', 0], expect.stringMatching(/of speech; at least 5 s/));
    expect((await api().get('/api/remaining_credits/')).body.remaining_credits).toBe(5);
  });
});
