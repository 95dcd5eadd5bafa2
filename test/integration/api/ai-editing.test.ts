import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { aiEditingTaskResponse } from '../../../src/api/schemas/responses/ai-editing.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeTalkingVideo, type TalkingVideo } from '../../helpers/editing-fixtures.js';
import { makeClip, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const exec = promisify(execFile);

/** AI Editing through the API: create and the preview alias, {id}/preview, render, list, get, the 400s and the prices. */
describe('AI Editing (ai_editing)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let talk: TalkingVideo;
  let hum: TalkingVideo;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-ai-editing-');
    pages = await startPageServer();
    talk = await makeTalkingVideo(fx, 'talk', [0.8, 0.8, 0.8]);
    hum = await makeTalkingVideo(fx, 'hum', [0.5, 0.5, 0.5], { speech: false });
    const mute = await makeClip(fx.path('mute.mp4'), 2, { width: 160, height: 90 });
    // Eleven minutes of a tiny frame at 1 fps: over the 10-minute limit, cheap to make.
    await exec('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=gray:s=16x16:r=1:d=660',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      '660',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-b:a',
      '8k',
      fx.path('long.mp4'),
    ]);
    for (const [route, file] of [
      ['/talk.mp4', talk.path],
      ['/hum.mp4', hum.path],
      ['/mute.mp4', mute],
      ['/long.mp4', fx.path('long.mp4')],
    ] as const) {
      pages.route(route, { headers: { 'content-type': 'video/mp4' }, body: await readFile(file) });
    }
    pages.route('/notvideo.mp4', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 50 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown, headers = t.headers) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const balance = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));

  it('previews an edit through the alias, shows what it understood, then renders it and previews it again, each priced on the source', async () => {
    const start = await balance();
    const r = await post('/api/ai_editing/preview/', {
      video_url: pages.url('/talk.mp4'),
      instructions: 'Cut the first 2 seconds, zoom on the speaker and make it 5 seconds. Dance wildly.',
      aspect_ratio: '9x16',
      editing_style: 'social',
      name: 'Pasta',
      caption_setting: { style: 'neo' },
    });
    expect(r.statusCode).toBe(201);
    const created = r.json();
    expect(created).toMatchObject({ status: 'pending', preview: null, output: null, aspect_ratio: '9x16', editing_style: 'social', name: 'Pasta' });
    expect(created.understood_instructions).toEqual(['cut the first 2 s', 'zoom on the speaker', 'keep it to 5 s']);
    expect(created.ignored_instructions).toEqual(['Dance wildly']);
    expect(created.source_duration).toBeCloseTo(talk.durationSeconds, 1);
    // Not done yet: no follow-up.
    const early = await post(`/api/ai_editing/${created.id}/render/`);
    expect([early.statusCode, early.json().code]).toEqual([404, 'task_not_ready']);

    const previewed = await waitForTask(t, `/api/ai_editing/${created.id}/`, 180_000);
    expect(previewed.failed_reason).toBeNull();
    expect(aiEditingTaskResponse.safeParse(previewed).success).toBe(true);
    expect(previewed.output).toBeNull();
    expect(previewed.captioned).toBe(true);
    expect(previewed.transcript!.toLowerCase()).toContain('pasta');
    const preview = await probeMedia(await download(previewed.preview, 'preview.mp4'));
    expect(preview.video).toMatchObject({ width: 360, height: 640 });
    expect(preview.durationSeconds).toBeLessThanOrEqual(5.1);
    expect(preview.durationSeconds).toBeGreaterThan(3.5);
    expect(previewed.duration).toBeCloseTo(preview.durationSeconds, 1);
    // "zoom on the speaker": some cuts punch in (a smaller window), others do not.
    const stored = await t.c.store.tasks.get(previewed.id);
    const widths = new Set((stored!.result.plan as { cuts: { crop: { width: number } }[] }).cuts.map((c) => c.crop.width));
    expect(widths.size).toBe(2);
    // The source is under 30 s: 1 credit for the preview.
    expect(previewed.credits_used).toBe(1);

    const render = await post(`/api/ai_editing/${created.id}/render/`);
    expect(render.statusCode).toBe(200);
    expect(render.json()).toMatchObject({ status: 'processing', output: null });
    const rendered = await waitForTask(t, `/api/ai_editing/${created.id}/`, 180_000);
    expect(rendered.failed_reason).toBeNull();
    const full = await probeMedia(await download(rendered.output, 'render.mp4'));
    expect(full.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(full.audio?.codec).toBe('aac');
    expect(Math.abs(full.durationSeconds - preview.durationSeconds)).toBeLessThan(0.1);
    expect(rendered.video_output).toBe(rendered.output);
    expect(rendered.credits_used).toBe(1 + 4);

    const again = await post(`/api/ai_editing/${created.id}/preview/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'processing', preview: null });
    const repreviewed = await waitForTask(t, `/api/ai_editing/${created.id}/`, 120_000);
    expect(repreviewed.preview).not.toBeNull();
    expect(repreviewed.output).not.toBeNull();
    expect(repreviewed.credits_used).toBe(1 + 4 + 1);
    expect(await balance()).toBe(start - 6);

    const list = await get('/api/ai_editing/');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: string }) => x.id)).toContain(created.id);
  }, 400_000);

  it('edits a video with sound but no speech: no captions, and the task says why', async () => {
    const start = await balance();
    const r = await post('/api/ai_editing/', { video_url: pages.url('/hum.mp4'), aspect_ratio: '1:1', instructions: 'no music' });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/ai_editing/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    expect(done.captioned).toBe(false);
    expect(done.edit_notes.join(' ')).toMatch(/No speech was heard/);
    const out = await probeMedia(await download(done.output, 'hum.mp4'));
    expect(out.video).toMatchObject({ width: 1080, height: 1080 });
    // Nothing to tighten without speech: the whole take is kept.
    expect(done.edit_notes.join(' ')).toMatch(/Pauses were not cut/);
    expect(Math.abs(out.durationSeconds - hum.durationSeconds)).toBeLessThan(0.1);
    expect(done.preview).toBeNull();
    // A direct create: 5 credits per started 30 s of the source.
    expect(done.credits_used).toBe(5);
    expect(await balance()).toBe(start - 5);
  }, 300_000);

  it('answers 400 on the field for a bad request, 402 when short, 404 for an unknown id, and creates and charges nothing', async () => {
    const start = await balance();
    const count = async () => (await get('/api/ai_editing/')).json().length as number;
    const before = await count();
    const cases: [unknown, string, RegExp][] = [
      [{}, 'video_url', /required/],
      [{ video_url: 'not a url' }, 'video_url', /valid URL/],
      [{ video_url: pages.url('/missing.mp4') }, 'video_url', /404/],
      [{ video_url: pages.url('/notvideo.mp4') }, 'video_url', /video/i],
      [{ video_url: pages.url('/mute.mp4') }, 'video_url', /no audio track/],
      [{ video_url: pages.url('/long.mp4'), caption_setting: { hidden: true } }, 'video_url', /at most 600 s/],
      [{ video_url: pages.url('/talk.mp4'), editing_style: 'cinema' }, 'editing_style', /film, commercial, music, tutorial, vlog, social/],
      [{ video_url: pages.url('/talk.mp4'), aspect_ratio: '4:3' }, 'aspect_ratio', /not a valid choice/],
      [{ video_url: pages.url('/talk.mp4'), background_music_volume: 2 }, 'background_music_volume', /between 0 and 1/],
      [{ video_url: pages.url('/talk.mp4'), instructions: 'cut the first 90 seconds' }, 'instructions', /nothing would be left/],
    ];
    for (const [body, field, message] of cases) {
      const r = await post('/api/ai_editing/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()[field]?.join(' '), JSON.stringify(r.json())).toMatch(message);
    }
    const poor = await t.c.accounts.create('poor', 0);
    const r402 = await post('/api/ai_editing/', { video_url: pages.url('/talk.mp4') }, { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key });
    expect([r402.statusCode, r402.json().code]).toEqual([402, 'insufficient_credits']);
    const unknown = await get('/api/ai_editing/00000000-0000-4000-8000-000000000000/');
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toBe(before);
    expect(await balance()).toBe(start);
  }, 120_000);
});
