import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, postMultipart, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

/** multipart/form-data bodies: fields as in JSON, file parts in place of media URLs. */
describe('multipart/form-data requests', () => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: FixtureDir;
  let voice: Buffer;
  let voiceSeconds: number;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-multipart-');
    const path = await makeSpeech(fx.path('own.wav'), 'This recording was sent as a file.');
    voice = await readFile(path);
    voiceSeconds = (await probeMedia(path)).durationSeconds;
    db = await freshSqlite();
    t = await startTestApp(db, { UPLOAD_LIMIT_BYTES: String(2 * 1024 * 1024) }, { credits: 20 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.cleanup();
  });

  const postForm = (url: string, form: FormData) => postMultipart(t, url, form);

  it('takes plain fields like a JSON body', async () => {
    const voiceId = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?language=en', headers: t.headers })).json().results[0].id;
    const form = new FormData();
    form.append('text', 'Sent as a form.');
    form.append('voice_id', voiceId);
    const r = await postForm('/api/text_to_speech/', form);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', text: 'Sent as a form.', voice_id: voiceId });
  });

  it('takes a file part where a media URL goes: the avatar speaks the uploaded recording', async () => {
    const form = new FormData();
    form.append('aspect_ratio', '1:1');
    form.append('audio', new Blob([new Uint8Array(voice)], { type: 'audio/wav' }), 'my voice.wav');
    const r = await postForm('/api/lipsyncs/preview/', form);
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    const probe = await probeMedia(await downloadTo(t, done.preview, fx.path('preview.mp4')));
    expect(probe.video).toMatchObject({ width: 360, height: 360 });
    expect(Math.abs(probe.durationSeconds - voiceSeconds)).toBeLessThan(0.15);
  }, 200_000);

  it('checks an uploaded file like a fetched one: text in an audio field is a 400 on that field', async () => {
    const form = new FormData();
    form.append('aspect_ratio', '9:16');
    form.append('audio', new Blob(['not audio at all'], { type: 'text/plain' }), 'notes.txt');
    const r = await postForm('/api/lipsyncs/preview/', form);
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual(['audio']);
  });

  it('refuses a file over the upload limit with 413 and creates nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/lipsyncs/', headers: t.headers })).json().length;
    const form = new FormData();
    form.append('aspect_ratio', '9:16');
    form.append('audio', new Blob([new Uint8Array(3 * 1024 * 1024).fill(1)], { type: 'audio/wav' }), 'big.wav');
    const r = await postForm('/api/lipsyncs/preview/', form);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: 'payload_too_large' });
    expect((await t.app.inject({ method: 'GET', url: '/api/lipsyncs/', headers: t.headers })).json()).toHaveLength(before);
  });

  it('answers 400 for a malformed multipart body', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/text_to_speech/',
      headers: { ...t.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'garbage without boundaries',
    });
    expect(r.statusCode).toBe(400);
  });
});
