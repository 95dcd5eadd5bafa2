import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideSamePerson, detectSingleFace } from '../../../src/engines/face/index.js';
import { downloadTo, startTestApp, postMultipart, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { groupPhoto, makeGradient, makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import type { ResultOf } from '../../../packages/sdk/src/index.js';

const exec = promisify(execFile);

/** A short H.264 clip of a still picture drifting a little, like a hand-held selfie video. */
async function videoOf(picture: string, path: string, seconds: number): Promise<string> {
  await exec('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    picture,
    '-t',
    String(seconds),
    '-vf',
    "scale=520:650,crop=480:600:'20+12*sin(2*t)':'20+12*cos(2*t)',format=yuv420p",
    '-r',
    '30',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '22',
    path,
  ]);
  return path;
}

/**
 * Custom Avatars through the API: v1 from a photo and from a video, v2 with a consent of the
 * same person or of someone else, faces that cannot be used, the count and limit, PATCH, DELETE,
 * another account, and file parts in place of URLs. Real face model, real media.
 */
describe('Custom avatars (personas)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let hooks: WebhookReceiver;
  let fx: FixtureDir;
  let other: Record<string, string>;
  let presenterPath: string;
  const ids = {} as Record<'photo' | 'video' | 'none' | 'group' | 'v2' | 'v2bad' | 'upload', string>;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-custom-avatars-');
    presenterPath = await makePortrait(fx.path('presenter.png'), 'presenter');
    const sameFlipped = await makePortrait(fx.path('same.jpg'), 'presenter', { flip: true, width: 420 });
    const someoneElse = await makePortrait(fx.path('else.jpg'), 'frontal');
    const nobody = await makeGradient(fx.path('nobody.png'), { width: 480, height: 600 });
    const group = fx.path('group.jpg');
    await sharp(groupPhoto(3)).resize({ width: 1200 }).toFile(group);
    const video = await videoOf(presenterPath, fx.path('selfie.mp4'), 3);
    const consentVideo = await videoOf(sameFlipped, fx.path('consent.mp4'), 2);
    pages = await startPageServer();
    const serve = async (route: string, path: string, type: string) => pages.route(route, { headers: { 'content-type': type }, body: await readFile(path) });
    await serve('/presenter.png', presenterPath, 'image/png');
    await serve('/same.jpg', sameFlipped, 'image/jpeg');
    await serve('/else.jpg', someoneElse, 'image/jpeg');
    await serve('/nobody.png', nobody, 'image/png');
    await serve('/group.jpg', group, 'image/jpeg');
    await serve('/selfie.mp4', video, 'video/mp4');
    await serve('/consent.mp4', consentVideo, 'video/mp4');
    pages.route('/page.html', { headers: { 'content-type': 'text/html' }, body: '<html><body>not a picture</body></html>' });
    hooks = await startWebhookReceiver();
    db = await freshSqlite();
    t = await startTestApp(db, { CUSTOM_AVATAR_LIMIT: '4' }, { credits: 5 });
    const o = await t.c.accounts.create('other', 5);
    other = { 'x-api-id': o.api_id, 'x-api-key': o.api_key };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await hooks?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  const get = (url: string, headers = t.headers) => t.app.inject({ method: 'GET', url, headers });
  const credits = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;
  const download = (url: string | null, name: string) => downloadTo(t, url, fx.path(name));
  /** Follows creation with GET /api/personas/{id}/ until the avatar is active or failed. */
  const settled = async (id: string, timeoutMs = 90_000): Promise<ResultOf<'/api/personas/{id}/'>> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const body = (await get(`/api/personas/${id}/`)).json<ResultOf<'/api/personas/{id}/'>>();
      if (body.status === 'active' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`persona ${id} still ${body.status}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  it('makes a v1 avatar from a portrait: processing, then active with a thumbnail cut around the face; listed, free, webhook sent', async () => {
    const before = await credits();
    const r = await post('/api/personas/', {
      name: 'Presenter Pat',
      image_url: pages.url('/presenter.png'),
      gender: 'f',
      keywords: 'friendly, studio',
      labels: ['team'],
      webhook_url: hooks.url('/hooks/persona'),
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      name: 'Presenter Pat',
      status: 'processing',
      process_status: 'processing',
      is_active: false,
      thumbnail: null,
      version: 'v1',
      created_at: expect.any(String),
    });
    ids.photo = r.json().id;
    const p = await settled(ids.photo);
    expect(p.failed_reason).toBeNull();
    expect(p).toMatchObject({
      status: 'active',
      is_active: true,
      creator_name: 'Presenter Pat',
      gender: 'f',
      keywords: 'friendly, studio',
      labels: ['team'],
      is_builtin: false,
      consent_verified: null,
    });
    expect(p.default_voice_id).toEqual(expect.any(String));

    const thumb = await download(p.thumbnail, 'thumb.jpg');
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    // Cut around the face: the face fills a good part of it, and it is the same person.
    const [onThumb, onPhoto] = [
      await detectSingleFace(t.c.faces, thumb, { withDescriptors: true }),
      await detectSingleFace(t.c.faces, presenterPath, { withDescriptors: true }),
    ];
    expect(onThumb.box.width / 512).toBeGreaterThan(0.3);
    expect(Math.abs(onThumb.box.x + onThumb.box.width / 2 - 256)).toBeLessThan(80);
    expect(decideSamePerson(onThumb.descriptor!, onPhoto.descriptor!).samePerson).toBe(true);
    const preview = await sharp(await download(p.preview_image_9_16, 'preview-9x16.jpg')).metadata();
    expect(preview).toMatchObject({ width: 360, height: 640 });

    const page = (await get('/api/personas/paginated/?page_size=100')).json();
    const listed = page.results.find((x: { id: string }) => x.id === ids.photo);
    expect(listed).toMatchObject({ id: ids.photo, name: 'Presenter Pat', status: 'active', thumbnail: expect.stringMatching(/^http/) });
    expect(page.results[0].id).toBe(ids.photo); // the caller's own avatars come first
    expect((await get('/api/personas/')).json().some((x: { id: string }) => x.id === ids.photo)).toBe(true);
    expect((await get('/api/personas_v2/')).json().some((x: { id: string }) => x.id === ids.photo)).toBe(false);
    expect((await get('/api/personas/?gender=m')).json().some((x: { id: string }) => x.id === ids.photo)).toBe(false);
    expect(await credits()).toBe(before);
    const [delivery] = await hooks.waitFor('/hooks/persona', 1);
    expect(JSON.parse(delivery!.rawBody)).toMatchObject({
      id: ids.photo,
      status: 'active',
      name: 'Presenter Pat',
      failed_reason: null,
      thumbnail: expect.stringMatching(/^http/),
    });
  }, 120_000);

  it('makes a v1 avatar from a short video, from its most frontal frame', async () => {
    const r = await post('/api/personas/', { creator_name: 'Video Vic', video_url: pages.url('/selfie.mp4') });
    expect(r.statusCode).toBe(201);
    ids.video = r.json().id;
    const p = await settled(ids.video);
    expect(p.failed_reason).toBeNull();
    expect(p).toMatchObject({ status: 'active', name: 'Video Vic', video_url: pages.url('/selfie.mp4') });
    const thumb = await download(p.thumbnail, 'video-thumb.jpg');
    const [onThumb, onPhoto] = [
      await detectSingleFace(t.c.faces, thumb, { withDescriptors: true }),
      await detectSingleFace(t.c.faces, presenterPath, { withDescriptors: true }),
    ];
    expect(decideSamePerson(onThumb.descriptor!, onPhoto.descriptor!).samePerson).toBe(true);
  }, 120_000);

  it('fails an avatar whose picture shows no face, or several people, saying which', async () => {
    const [none, group] = await Promise.all([
      post('/api/personas/', { name: 'Nobody', image_url: pages.url('/nobody.png') }),
      post('/api/personas/', { name: 'Crowd', image_url: pages.url('/group.jpg') }),
    ]);
    expect([none.statusCode, group.statusCode]).toEqual([201, 201]);
    ids.none = none.json().id;
    ids.group = group.json().id;
    const [n, g] = [await settled(ids.none), await settled(ids.group)];
    expect(n).toMatchObject({ status: 'failed', process_status: 'failed', is_active: false, thumbnail: null });
    expect(n.failed_reason).toMatch(/^image_url: no face found/);
    expect(g.status).toBe('failed');
    expect(g.failed_reason).toMatch(/^image_url: found 3 faces; use a photo with exactly one person/);
    // Failed avatars are not listed.
    const listed = (await get('/api/personas/')).json().map((x: { id: string }) => x.id);
    expect(listed).not.toContain(ids.none);
  }, 120_000);

  it('v2: a consent of the same person verifies; a consent of someone else fails with the measured distance', async () => {
    const [same, differ] = await Promise.all([
      post('/api/personas_v2/', {
        creator_name: 'Consenting Cam',
        gender: 'f',
        lipsync_input: pages.url('/selfie.mp4'),
        consent_video: pages.url('/consent.mp4'),
      }),
      post('/api/personas_v2/', { creator_name: 'Borrowed Face', gender: 'm', image_url: pages.url('/presenter.png'), consent_video: pages.url('/else.jpg') }),
    ]);
    expect([same.statusCode, differ.statusCode]).toEqual([201, 201]);
    expect(same.json()).toMatchObject({
      status: 'processing',
      version: 'v2',
      consent_verified: false,
      consent_video: pages.url('/consent.mp4'),
      lipsync_input_url: pages.url('/selfie.mp4'),
    });
    ids.v2 = same.json().id;
    ids.v2bad = differ.json().id;
    const ok = await settled(ids.v2);
    expect(ok.failed_reason).toBeNull();
    expect(ok).toMatchObject({ status: 'active', version: 'v2', consent_verified: true });
    expect(ok.consent_distance).toBeLessThan(0.55);
    const bad = await settled(ids.v2bad);
    expect(bad).toMatchObject({ status: 'failed', consent_verified: false });
    expect(bad.failed_reason).toMatch(/^consent_video shows a different person than the avatar: the faces are 0\.\d\d apart .*below 0\.55/);
    const v2 = (await get('/api/personas_v2/')).json().map((x: { id: string }) => x.id);
    expect(v2).toContain(ids.v2);
    expect(v2).not.toContain(ids.v2bad);
  }, 150_000);

  it('answers 400 on the field for missing or unusable input; nothing is created', async () => {
    const countBefore = (await get('/api/personas_v2/count/')).json().used;
    const cases: [string, unknown, string][] = [
      ['/api/personas/', { image_url: pages.url('/presenter.png') }, 'name'],
      ['/api/personas/', { name: 'No media' }, 'video_url'],
      ['/api/personas/', { name: 'Both', image_url: pages.url('/presenter.png'), video_url: pages.url('/selfie.mp4') }, 'image_url'],
      ['/api/personas/', { name: 'Missing', image_url: pages.url('/missing.png') }, 'image_url'],
      ['/api/personas/', { name: 'Html', image_url: pages.url('/page.html') }, 'image_url'],
      ['/api/personas/', { name: 'Picture as video', video_url: pages.url('/presenter.png') }, 'video_url'],
      ['/api/personas/', { name: 'Gender', image_url: pages.url('/presenter.png'), gender: 'x' }, 'gender'],
      ['/api/personas/', { name: 'Not a URL', image_url: 'ftp://example.com/a.png' }, 'image_url'],
      ['/api/personas_v2/', { creator_name: 'No gender', lipsync_input: pages.url('/selfie.mp4'), consent_video: pages.url('/consent.mp4') }, 'gender'],
      ['/api/personas_v2/', { creator_name: 'No consent', gender: 'f', lipsync_input: pages.url('/selfie.mp4') }, 'consent_video'],
      ['/api/personas_v2/', { gender: 'f', lipsync_input: pages.url('/selfie.mp4'), consent_video: pages.url('/consent.mp4') }, 'creator_name'],
      [
        '/api/personas_v2/',
        { creator_name: 'Bad consent', gender: 'f', lipsync_input: pages.url('/selfie.mp4'), consent_video: pages.url('/page.html') },
        'consent_video',
      ],
    ];
    for (const [url, body, field] of cases) {
      const r = await post(url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await get('/api/personas_v2/count/')).json().used).toBe(countBefore);
  }, 60_000);

  it('takes file parts in place of URLs (multipart)', async () => {
    const form = new FormData();
    form.append('creator_name', 'Uploaded Uma');
    form.append('gender', 'nb');
    form.append('lipsync_input', new Blob([new Uint8Array(await readFile(fx.path('selfie.mp4')))], { type: 'video/mp4' }), 'selfie.mp4');
    form.append('consent_video', new Blob([new Uint8Array(await readFile(fx.path('same.jpg')))], { type: 'image/jpeg' }), 'consent.jpg');
    const r = await postMultipart(t, '/api/personas_v2/', form);
    expect(r.statusCode).toBe(201);
    expect(r.json().lipsync_input_url).toMatch(/^upload:[0-9a-f-]{36}$/);
    ids.upload = r.json().id;
    const p = await settled(ids.upload);
    expect(p.failed_reason).toBeNull();
    expect(p).toMatchObject({ status: 'active', consent_verified: true, gender: 'nb' });
  }, 120_000);

  it('counts custom avatars against the limit (failed ones do not count) and refuses one more', async () => {
    // Active: photo, video, v2, upload. Failed: none, group, v2bad.
    expect((await get('/api/personas_v2/count/')).json()).toEqual({ used: 4, limit: 4, remaining: 0 });
    const r = await post('/api/personas/', { name: 'One too many', image_url: pages.url('/presenter.png') });
    expect(r.statusCode).toBe(400);
    expect(r.json().non_field_errors[0]).toMatch(/4 custom avatars, the most it may have \(4\)/);
    expect((await get('/api/personas_v2/count/', other)).json()).toEqual({ used: 0, limit: 4, remaining: 4 });
  });

  it('renames and relabels an own avatar with PATCH; built-in and unknown avatars are 404', async () => {
    const r = await t.app.inject({
      method: 'PATCH',
      url: `/api/personas/${ids.photo}/`,
      headers: t.headers,
      payload: { creator_name: 'Pat Renamed', keywords: 'warm, calm', labels: ['sales', 'sales', 'emea'] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: ids.photo, name: 'Pat Renamed', keywords: 'warm, calm', labels: ['sales', 'emea'], status: 'active' });
    expect((await get(`/api/personas/${ids.photo}/`)).json()).toMatchObject({ name: 'Pat Renamed', labels: ['sales', 'emea'] });
    const builtin = (await get('/api/personas/')).json().find((x: { is_builtin: boolean }) => x.is_builtin).id;
    const patch = (id: string, payload: object, headers = t.headers) => t.app.inject({ method: 'PATCH', url: `/api/personas/${id}/`, headers, payload });
    expect((await patch(builtin, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404);
    expect((await patch(ids.photo, { name: '   ' })).statusCode).toBe(400);
  });

  it('keeps avatars to their account: another account gets 404 and never sees them listed', async () => {
    expect((await get(`/api/personas/${ids.photo}/`, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/personas/${ids.photo}/`, headers: other, payload: { name: 'Stolen' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas/${ids.photo}/`, headers: other })).statusCode).toBe(404);
    const theirs = (await get('/api/personas/paginated/?page_size=100', other)).json().results.map((x: { id: string }) => x.id);
    expect(theirs).not.toContain(ids.photo);
    const lipsync = await t.app.inject({
      method: 'POST',
      url: '/api/lipsyncs/',
      headers: other,
      payload: { aspect_ratio: '9:16', text: 'Hi', creator: ids.photo },
    });
    expect(lipsync.statusCode).toBe(400);
    expect(lipsync.json()).toHaveProperty('creator');
  });

  it('deletes an own avatar with its files (both paths); built-ins cannot be deleted', async () => {
    const thumbnail = (await get(`/api/personas/${ids.photo}/`)).json().thumbnail as string;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/personas/${ids.photo}/`, headers: t.headers });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/personas/${ids.photo}/`)).statusCode).toBe(404);
    const u = new URL(thumbnail);
    expect((await t.app.inject({ method: 'GET', url: u.pathname + u.search })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas_v2/${ids.v2bad}/`, headers: t.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas/${ids.photo}/`, headers: t.headers })).statusCode).toBe(404);
    const builtin = (await get('/api/personas/')).json().find((x: { is_builtin: boolean }) => x.is_builtin).id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas/${builtin}/`, headers: t.headers })).statusCode).toBe(404);
    expect((await get('/api/personas_v2/count/')).json()).toEqual({ used: 3, limit: 4, remaining: 1 });
  });
});
