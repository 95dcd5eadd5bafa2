import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb, meanColor, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, fileUrl, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/** AI Avatar v1 through the API: a built-in avatar speaking text or the client's own audio. */
describe('AI Avatar v1 (lipsyncs)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let audioSeconds: number;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-lipsync-');
    pages = await startPageServer();
    const voice = await makeSpeech(fx.path('own.wav'), 'Hello there, this is my own recording for the avatar.');
    audioSeconds = (await probeMedia(voice)).durationSeconds;
    pages.route('/own.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(voice) });
    pages.route('/notaudio.wav', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 50 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));

  it('previews text spoken by the default avatar in the default voice, then renders it at full size; the video lasts as long as the speech', async () => {
    // aurora_v1_fast: the preview keeps 1 cr / 30 s, the render is priced 0.5 cr per started second.
    // The default voice (RHVoice) reports no timings: its phones come from forced alignment.
    const r = await post('/api/lipsyncs/preview/', {
      aspect_ratio: '9:16',
      text: 'Hi! I am your new presenter. Nice to meet you.',
      no_caption: false,
      model_version: 'aurora_v1_fast',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', preview: null, output: null, aspect_ratio: '9:16' });
    const previewed = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 180_000);
    expect(previewed.failed_reason).toBeNull();
    expect(previewed.output).toBeNull();
    // A preview is not the output: no render has produced one yet.
    expect(previewed.media_job).toBeNull();
    const preview = await probeMedia(await download(previewed.preview, 'preview.mp4'));
    expect(preview.video).toMatchObject({ width: 360, height: 640 });
    // GET /api/lipsyncs/{id}/ answers v1 or v2; only v1 has the voice track.
    const speech = await probeMedia(await download('audio_url' in previewed ? previewed.audio_url : null, 'voice.mp3'));
    expect(Math.abs(preview.durationSeconds - speech.durationSeconds)).toBeLessThan(0.15);
    // The plan keeps the engine's phones, so the avatar's mouth follows them rather than spelling.
    const stored = await t.c.store.tasks.get(previewed.id);
    const phones = (stored!.result.plan as { phones?: { startSeconds: number; endSeconds: number }[] }).phones ?? [];
    expect(phones.length).toBeGreaterThan(10);
    expect(phones.at(-1)!.endSeconds).toBeLessThanOrEqual(speech.durationSeconds + 0.05);

    const render = await post(`/api/lipsyncs/${previewed.id}/render/`);
    expect(render.statusCode).toBe(200);
    expect(render.json()).toMatchObject({ status: 'processing', output: null });
    const done = await waitForTask(t, `/api/lipsyncs/${previewed.id}/`, 180_000);
    expect(done.media_job).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const full = await probeMedia(await download(done.output, 'render.mp4'));
    expect(full.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(full.audio?.codec).toBe('aac');
    expect(Math.abs(full.durationSeconds - speech.durationSeconds)).toBeLessThan(0.15);
    expect(done.preview).not.toBeNull();
    expect(done.credits_used).toBeCloseTo(1 + Math.ceil(done.duration! - 1e-6) * 0.5, 6);
  }, 400_000);

  it("speaks the client's own audio on a green screen, and draws a transparent WebM with alpha", async () => {
    const [green, clear] = await Promise.all([
      post('/api/lipsyncs/preview/', { aspect_ratio: '1:1', audio: pages.url('/own.wav'), green_screen: true }),
      post('/api/lipsyncs/preview/', { aspect_ratio: '16:9', text: 'Clear background.', transparent_background: true }),
    ]);
    expect([green.statusCode, clear.statusCode]).toEqual([201, 201]);
    const g = await waitForTask(t, `/api/lipsyncs/${green.json().id}/`, 180_000);
    expect(g.failed_reason).toBeNull();
    const gFile = await download(g.preview, 'green.mp4');
    const gProbe = await probeMedia(gFile);
    expect(gProbe.video).toMatchObject({ width: 360, height: 360 });
    expect(Math.abs(gProbe.durationSeconds - audioSeconds)).toBeLessThan(0.2);
    const frame = await extractFrameRgb(gFile, 1, { width: 90, height: 90 });
    const [r, gg, b] = meanColor(frame, { x: 0, y: 0, width: 10, height: 10 });
    expect(gg).toBeGreaterThan(180);
    expect(r + b).toBeLessThan(120);

    const c = await waitForTask(t, `/api/lipsyncs/${clear.json().id}/`, 180_000);
    expect(c.failed_reason).toBeNull();
    expect(new URL(fileUrl(c.preview)).pathname).toMatch(/\.webm$/);
    const cProbe = await probeMedia(await download(c.preview, 'clear.webm'));
    expect(cProbe.video).toMatchObject({ codec: 'vp9', width: 640, height: 360, hasAlpha: true });
  }, 400_000);

  it('answers 400 for an unusable audio URL, an unknown avatar or voice, or nothing to say; nothing is charged', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;
    const cases: [unknown, string][] = [
      [{ aspect_ratio: '9:16', audio: pages.url('/notaudio.wav') }, 'audio'],
      [{ aspect_ratio: '9:16', audio: pages.url('/missing.wav') }, 'audio'],
      [{ aspect_ratio: '9:16', text: 'Hi', creator: '00000000-0000-4000-8000-000000000000' }, 'creator'],
      [{ aspect_ratio: '9:16', text: 'Hi', accent: 'nope' }, 'accent'],
      [{ aspect_ratio: '9:16' }, 'text'],
      [{ text: 'Hi' }, 'aspect_ratio'],
    ];
    for (const [body, field] of cases) {
      const r = await post('/api/lipsyncs/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json())).toContain(field);
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits;
    expect(after).toBe(before);
    expect((await post('/api/lipsyncs/00000000-0000-4000-8000-000000000000/render/')).statusCode).toBe(404);
  });
});
