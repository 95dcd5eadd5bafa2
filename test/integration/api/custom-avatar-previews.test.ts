import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customAvatarPreviewVideoKey } from '../../../src/domain/avatars/custom-avatars.js';
import { decideSamePerson, detectSingleFace, type DetectedFace } from '../../../src/engines/face/index.js';
import { createFfmpegEngine, extractFramePng, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeGradient, makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import type { ResultOf } from '../../../packages/sdk/src/index.js';

/** Each stream's own length (the container's is the longer of them). */
async function streamSeconds(path: string): Promise<{ video: number; audio: number }> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', path]);
  const streams = JSON.parse(stdout).streams as { codec_type: string; duration: string }[];
  const of = (type: string) => Number(streams.find((s) => s.codec_type === type)?.duration ?? NaN);
  return { video: of('video'), audio: of('audio') };
}

/**
 * Custom avatars before and after they are built: an avatar still being built, or failed, named in
 * a video request is a 400 that says so (in all three places a persona id is taken); an active
 * one has preview pictures and preview videos rendered on first request (its photo saying a
 * greeting in its voice), which only its own account's active avatar can render, and which go
 * when it is renamed or deleted. Real face model, real speech, real media.
 */
describe('Custom avatars: previews, and avatars that are not ready', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let other: Record<string, string> & { account_id: string };
  let portraitFace: DetectedFace;
  /** A link of each account (URL to Video needs one). */
  const links = new Map<string, string>();
  let building: string;
  let failing: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-custom-avatar-previews-');
    const portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
    const nobody = await makeGradient(fx.path('nobody.png'), { width: 480, height: 600 });
    pages = await startPageServer();
    pages.route('/presenter.png', { headers: { 'content-type': 'image/png' }, body: await readFile(portrait) });
    pages.route('/nobody.png', { headers: { 'content-type': 'image/png' }, body: await readFile(nobody) });
    const photo = await makePhoto(fx.path('mug.jpg'), { width: 640, height: 640 }, 0);
    pages.route('/mug.jpg', { headers: { 'content-type': 'image/jpeg' }, body: await readFile(photo) });
    db = await freshSqlite();
    // Jobs are not consumed until the test says so: the avatars stay `processing` meanwhile.
    t = await startTestApp(db, {}, { credits: 20, consume: false });
    const o = await t.c.accounts.create('other', 20);
    other = { 'x-api-id': o.api_id, 'x-api-key': o.api_key, account_id: o.account_id };
    portraitFace = await detectSingleFace(t.c.faces, portrait, { withDescriptors: true });
    for (const headers of [t.headers, other]) {
      const link = await post(
        '/api/links/link_with_params/',
        { title: 'Aero Mug', description: 'A mug that keeps tea warm for hours.', image_urls: [pages.url('/mug.jpg')] },
        headers,
      );
      expect(link.statusCode).toBe(200);
      links.set(headers['x-api-id']!, link.json().id);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = t.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ method: 'GET', url, headers });
  const fetchFile = (url: string) => {
    const u = new URL(url);
    return t.app.inject({ method: 'GET', url: u.pathname + u.search });
  };
  const download = async (url: string, name: string) => {
    const r = await fetchFile(url);
    expect(r.statusCode, url).toBe(200);
    await writeFile(fx.path(name), r.rawPayload);
    return fx.path(name);
  };
  const settled = async (id: string): Promise<ResultOf<'/api/personas/{id}/'>> => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const body = (await get(`/api/personas/${id}/`)).json<ResultOf<'/api/personas/{id}/'>>();
      if (body.status === 'active' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`persona ${id} still ${body.status}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  /** The persona id in the three places a video request takes one; each answer's message for its field. */
  const useAvatar = async (id: string, headers: Record<string, string> = t.headers) => {
    const v1 = await post('/api/lipsyncs/preview/', { aspect_ratio: '9:16', text: 'Hello there.', creator: id }, headers);
    const v2 = await post(
      '/api/lipsyncs_v2/preview/',
      {
        aspect_ratio: '9:16',
        video_inputs: [{ character: { avatar_id: id }, voice: { type: 'text', input_text: 'Hello there.' }, visual_style: 'FullAvatar' }],
      },
      headers,
    );
    const l2v = await post(
      '/api/link_to_videos/preview/',
      { link: links.get(headers['x-api-id']!), aspect_ratio: '9:16', override_avatar: id, override_script: 'This mug keeps tea warm.' },
      headers,
    );
    expect([v1.statusCode, v2.statusCode, l2v.statusCode]).toEqual([400, 400, 400]);
    return [v1.json().creator?.[0], v2.json()['video_inputs.0.character.avatar_id']?.[0], l2v.json().override_avatar?.[0]] as string[];
  };
  const previewKey = (accountId: string, avatarId: string, aspect: '16:9' | '1:1' | '9:16') => customAvatarPreviewVideoKey(accountId, avatarId, aspect);

  it('an avatar still being built, or failed, is a 400 that says so wherever a persona id is taken; nothing is charged', async () => {
    const credits = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;
    const before = await credits();
    const [a, b] = await Promise.all([
      post('/api/personas/', { name: 'Preview Pia', image_url: pages.url('/presenter.png'), gender: 'f' }),
      post('/api/personas/', { name: 'Nobody', image_url: pages.url('/nobody.png') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    building = a.json().id;
    failing = b.json().id;
    const wait = `Avatar ${building} is still being built; wait until GET /api/personas/${building}/ shows status active.`;
    expect(await useAvatar(building)).toEqual([wait, wait, wait]);
    // Nothing to preview yet; a signed key for it does not render either.
    const processing = (await get(`/api/personas/${building}/`)).json();
    expect(processing).toMatchObject({ status: 'processing', preview_video_16_9: null, portrait_preview_video: null, preview_image_1_1: null });
    expect((await fetchFile(t.c.blobs.signedUrl(previewKey(t.account.account_id, building, '1:1')))).statusCode).toBe(404);

    await t.c.queue.startConsuming(t.c.runner.run);
    expect((await settled(building)).status).toBe('active');
    const failed = await settled(failing);
    expect(failed.status).toBe('failed');
    expect(failed.failed_reason).toMatch(/^image_url: no face found/);
    const why = `Avatar ${failing} failed: ${failed.failed_reason}`;
    expect(await useAvatar(failing)).toEqual([why, why, why]);
    // Another account learns nothing about either: its ids are simply unknown there.
    for (const id of [building, failing]) {
      expect(await useAvatar(id, other)).toEqual(Array(3).fill(`Unknown avatar id "${id}". List avatars with GET /api/personas/.`));
    }
    expect(await credits()).toBe(before);
  }, 150_000);

  it('an active avatar has preview pictures and preview videos: its photo saying a greeting in its voice, H.264 + AAC in each aspect', async () => {
    const p = (await get(`/api/personas/${building}/`)).json();
    const pictures: [string, number, number][] = [
      ['preview_image_16_9', 640, 360],
      ['preview_image_1_1', 512, 512],
      ['preview_image_9_16', 360, 640],
    ];
    for (const [field, width, height] of pictures) {
      expect(await sharp(await download(p[field], `${field}.jpg`)).metadata(), field).toMatchObject({ format: 'jpeg', width, height });
    }
    expect(p.landscape_preview_video).toBe(p.preview_video_16_9);
    expect(p.squared_preview_video).toBe(p.preview_video_1_1);
    expect(p.portrait_preview_video).toBe(p.preview_video_9_16);
    // Listed personas carry them too.
    const listed = (await get('/api/personas/')).json().find((x: { id: string }) => x.id === building);
    expect(listed.preview_video_9_16).toEqual(expect.stringMatching(/^http.*video-9x16\.mp4/));

    const videos: [string, number, number][] = [
      ['preview_video_16_9', 640, 360],
      ['preview_video_1_1', 360, 360],
      ['preview_video_9_16', 360, 640],
    ];
    // Asked for together, as a gallery would: they take turns, and each arrives whole.
    const paths = await Promise.all(videos.map(([field]) => download(p[field], `${field}.mp4`)));
    const ffmpeg = createFfmpegEngine();
    for (const [i, [field, width, height]] of videos.entries()) {
      const probe = await probeMedia(paths[i]!);
      expect(probe.video, field).toMatchObject({ codec: 'h264', width, height });
      expect(probe.audio?.codec, field).toBe('aac');
      // "Hi, I am Preview Pia. This is how I look and sound in your videos." is a few seconds.
      expect(probe.durationSeconds, field).toBeGreaterThan(2);
      expect(probe.durationSeconds, field).toBeLessThan(8);
      // The whole greeting is heard: the voice lasts as long as the picture.
      const streams = await streamSeconds(paths[i]!);
      expect(Math.abs(streams.audio - streams.video), field).toBeLessThan(0.1);
      expect((await ffmpeg.measureLoudness(paths[i]!)).integratedLufs, field).toBeGreaterThan(-35);
      // The person shown is the person in the photo.
      await extractFramePng(paths[i]!, 1, fx.path(`${field}.png`));
      const face = await detectSingleFace(t.c.faces, fx.path(`${field}.png`), { withDescriptors: true });
      expect(decideSamePerson(face.descriptor!, portraitFace.descriptor!).samePerson, field).toBe(true);
    }
    // The same speech in every aspect (one greeting, one voice).
    const durations = await Promise.all(paths.map(async (path) => (await probeMedia(path)).durationSeconds));
    expect(Math.max(...durations) - Math.min(...durations)).toBeLessThan(0.1);
    // Made once: the stored file answers the next request.
    expect(await t.c.blobs.stat(previewKey(t.account.account_id, building, '9:16'))).not.toBeNull();
    expect((await fetchFile(p.preview_video_9_16)).rawPayload.equals(await readFile(paths[2]!))).toBe(true);
  }, 240_000);

  it("a preview key renders only for the own account's active avatar: another account's key or a failed avatar's is 404", async () => {
    const signed = (accountId: string, avatarId: string) => t.c.blobs.signedUrl(previewKey(accountId, avatarId, '1:1'));
    expect((await fetchFile(signed(other.account_id, building))).statusCode).toBe(404);
    expect((await fetchFile(signed(t.account.account_id, failing))).statusCode).toBe(404);
    expect((await fetchFile(signed(t.account.account_id, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect(await t.c.blobs.stat(previewKey(other.account_id, building, '1:1'))).toBeNull();
  });

  it('renaming drops the rendered previews (they say the name); deleting the avatar removes them for good', async () => {
    const key = previewKey(t.account.account_id, building, '1:1');
    const before = (await get(`/api/personas/${building}/`)).json().preview_video_1_1 as string;
    const first = (await fetchFile(before)).rawPayload;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/personas/${building}/`, headers: t.headers, payload: { name: 'Pia Renamed Longer' } });
    expect(renamed.statusCode).toBe(200);
    expect(await t.c.blobs.stat(key)).toBeNull();
    const again = await fetchFile(renamed.json().preview_video_1_1);
    expect(again.statusCode).toBe(200);
    // A longer name, a longer greeting.
    await writeFile(fx.path('first.mp4'), first);
    await writeFile(fx.path('again.mp4'), again.rawPayload);
    expect((await probeMedia(fx.path('again.mp4'))).durationSeconds).toBeGreaterThan((await probeMedia(fx.path('first.mp4'))).durationSeconds + 0.3);

    const urls = Object.entries(renamed.json())
      .filter(([k]) => k.startsWith('preview_video_'))
      .map(([, v]) => v as string);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/personas/${building}/`, headers: t.headers })).statusCode).toBe(204);
    for (const aspect of ['16:9', '1:1', '9:16'] as const) expect(await t.c.blobs.stat(previewKey(t.account.account_id, building, aspect))).toBeNull();
    for (const url of urls) expect((await fetchFile(url)).statusCode).toBe(404);
  }, 120_000);
});
