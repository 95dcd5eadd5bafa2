import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centroid, decideSamePerson, detectSingleFace, type DetectedFace } from '../../../src/engines/face/index.js';
import { extractFramePng, extractFrameRgb, meanAbsDifference, meanColor, probeMedia, type RgbFrame } from '../../../src/engines/ffmpeg/index.js';
import { placePhoto } from '../../../src/pipelines/avatar/photo/frame-layout.js';
import { downloadTo, fileUrl, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeGradient, makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/**
 * Photo avatars in videos, through the API: a custom avatar as the `creator` of AI Avatar v1
 * (filling a portrait frame, and as a card on a green screen), and a photo given to URL to Video
 * as `override_avatar_by_image`. The frames are checked with the face model: the person shown is
 * the person in the photo.
 */
describe('Custom avatars in videos', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let portrait: string;
  let portraitFace: DetectedFace;
  let avatarId: string;
  let linkId: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-custom-avatar-videos-');
    portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
    const nobody = await makeGradient(fx.path('nobody.png'), { width: 480, height: 600 });
    pages = await startPageServer();
    pages.route('/presenter.png', { headers: { 'content-type': 'image/png' }, body: await readFile(portrait) });
    pages.route('/nobody.png', { headers: { 'content-type': 'image/png' }, body: await readFile(nobody) });
    for (const [i, name] of ['a', 'b'].entries()) {
      const photo = await makePhoto(fx.path(`${name}.jpg`), { width: 640, height: 640 }, i);
      pages.route(`/img/${name}.jpg`, { headers: { 'content-type': 'image/jpeg' }, body: await readFile(photo) });
    }
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 40 });
    portraitFace = await detectSingleFace(t.c.faces, portrait, { withDescriptors: true });

    const created = await post('/api/personas/', { name: 'Photo Presenter', image_url: pages.url('/presenter.png'), gender: 'f' });
    expect(created.statusCode).toBe(201);
    avatarId = created.json().id;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const p = (await t.app.inject({ method: 'GET', url: `/api/personas/${avatarId}/`, headers: t.headers })).json();
      if (p.status === 'active') break;
      if (p.status === 'failed' || Date.now() > deadline) throw new Error(`avatar not active: ${p.status} ${p.failed_reason}`);
      await new Promise((r) => setTimeout(r, 150));
    }
    const link = await post('/api/links/link_with_params/', {
      title: 'Aero Mug',
      description: 'A mug that keeps tea warm for hours.',
      image_urls: [pages.url('/img/a.jpg'), pages.url('/img/b.jpg')],
    });
    expect(link.statusCode).toBe(200);
    linkId = link.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));
  /** The frame at `seconds` as a PNG, and whether the face on it is the portrait's person. */
  const faceAt = async (video: string, seconds: number, name: string) => {
    const png = fx.path(name);
    await extractFramePng(video, seconds, png);
    const face = await detectSingleFace(t.c.faces, png, { withDescriptors: true });
    return { face, same: decideSamePerson(face.descriptor!, portraitFace.descriptor!) };
  };
  /** The portrait covering a frame the way the service places it (face centred across, 42 % down). */
  const coverOf = async (frame: { width: number; height: number }): Promise<RgbFrame> => {
    const meta = await sharp(portrait).metadata();
    const place = placePhoto(
      { width: meta.width!, height: meta.height! },
      frame,
      centroid(
        portraitFace.landmarks68,
        portraitFace.landmarks68.map((_, i) => i),
      ),
    );
    const data = await sharp(portrait)
      .resize(place.resized.width, place.resized.height, { fit: 'fill' })
      .extract({ left: place.cropX, top: place.cropY, width: frame.width, height: frame.height })
      .removeAlpha()
      .raw()
      .toBuffer();
    return { width: frame.width, height: frame.height, data };
  };

  it('AI Avatar v1 with a custom avatar: the photo speaks, for exactly as long as the speech', async () => {
    const r = await post('/api/lipsyncs/preview/', { aspect_ratio: '9:16', text: 'Hello! I am a photo that talks.', creator: avatarId });
    expect(r.statusCode).toBe(201);
    expect(r.json().creator ?? avatarId).toBe(avatarId);
    const done = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    const video = await download(done.preview, 'custom-lipsync.mp4');
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 360, height: 640 });
    // GET /api/lipsyncs/{id}/ answers v1 or v2; only v1 has the voice track.
    const speech = await probeMedia(await download('audio_url' in done ? done.audio_url : null, 'custom-voice.mp3'));
    expect(Math.abs(probe.durationSeconds - speech.durationSeconds)).toBeLessThan(0.15);

    const { face, same } = await faceAt(video, 1, 'custom-lipsync-1s.png');
    expect(same.samePerson).toBe(true);
    expect(face.box.width).toBeGreaterThan(100); // the photo fills the frame
    // The whole frame is the photo (a 4:5 portrait covering 9:16), give or take the head's motion and encoding.
    const frame = await extractFrameRgb(video, 1, { width: 360, height: 640 });
    const expected = await coverOf({ width: 360, height: 640 });
    const other = await sharp(await makeGradient(fx.path('other.png'), { width: 360, height: 640 }))
      .removeAlpha()
      .raw()
      .toBuffer();
    const diff = meanAbsDifference(frame, expected);
    expect(diff).toBeLessThan(10);
    expect(meanAbsDifference(frame, { width: 360, height: 640, data: other })).toBeGreaterThan(3 * diff);
  }, 240_000);

  it('on a green screen in a landscape frame, the portrait is a card with flat green around it; transparent gives WebM with alpha', async () => {
    const [r, clear] = await Promise.all([
      post('/api/lipsyncs/preview/', { aspect_ratio: '16:9', text: 'Green behind me.', creator: avatarId, green_screen: true }),
      post('/api/lipsyncs/preview/', { aspect_ratio: '16:9', text: 'Nothing behind me.', creator: avatarId, transparent_background: true }),
    ]);
    expect([r.statusCode, clear.statusCode]).toEqual([201, 201]);
    const done = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    const video = await download(done.preview, 'custom-green.mp4');
    expect((await probeMedia(video)).video).toMatchObject({ width: 640, height: 360 });
    const frame = await extractFrameRgb(video, 0.8, { width: 640, height: 360 });
    for (const x of [10, 600]) {
      const [red, green, blue] = meanColor(frame, { x, y: 20, width: 30, height: 320 });
      expect(green).toBeGreaterThan(200);
      expect(red + blue).toBeLessThan(80);
    }
    // The card is the whole portrait, full height (4:5 → 288x360 at x 176). The preview mark crosses
    // its middle, so the photo is compared above and below it.
    const card = await sharp(portrait).resize(288, 360, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const placed = Buffer.alloc(640 * 360 * 3);
    for (let y = 0; y < 360; y++) card.copy(placed, (y * 640 + 176) * 3, y * 288 * 3, (y + 1) * 288 * 3);
    const expected = { width: 640, height: 360, data: placed };
    for (const band of [
      { x: 176, y: 0, width: 288, height: 90 },
      { x: 176, y: 280, width: 288, height: 80 },
    ]) {
      expect(meanAbsDifference(frame, expected, band)).toBeLessThan(10);
    }

    const c = await waitForTask(t, `/api/lipsyncs/${clear.json().id}/`, 180_000);
    expect(c.failed_reason).toBeNull();
    expect(new URL(fileUrl(c.preview)).pathname).toMatch(/\.webm$/);
    expect((await probeMedia(await download(c.preview, 'custom-clear.webm'))).video).toMatchObject({ codec: 'vp9', width: 640, height: 360, hasAlpha: true });
  }, 240_000);

  it('URL to Video with override_avatar_by_image: the given photo presents the product', async () => {
    const r = await post('/api/link_to_videos/preview/', {
      link: linkId,
      aspect_ratio: '9:16',
      visual_style: 'VanillaTemplate',
      override_avatar_by_image: pages.url('/presenter.png'),
      override_script: 'This mug keeps your tea warm for hours. Try it today.',
      no_background_music: true,
      no_caption: true,
      no_cta: true,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().override_avatar_by_image).toBe(pages.url('/presenter.png'));
    const done = await waitForTask(t, `/api/link_to_videos/${r.json().id}/`, 240_000);
    expect(done.failed_reason).toBeNull();
    const video = await download(done.preview, 'l2v-photo.mp4');
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ width: 360, height: 640 });
    expect(probe.audio).toBeDefined();
    const { same } = await faceAt(video, 0.5, 'l2v-photo.png');
    expect(same.samePerson).toBe(true);
  }, 300_000);

  it('URL to Video: a photo with no face fails the task with the field named; an unusable photo URL is a 400', async () => {
    const r = await post('/api/link_to_videos/preview/', {
      link: linkId,
      aspect_ratio: '9:16',
      visual_style: 'VanillaTemplate',
      override_avatar_by_image: pages.url('/nobody.png'),
      override_script: 'Nobody is here.',
      no_background_music: true,
    });
    expect(r.statusCode).toBe(201);
    const failed = await waitForTask(t, `/api/link_to_videos/${r.json().id}/`, 180_000);
    expect(failed.status).toBe('failed');
    expect(failed.failed_reason).toMatch(/^override_avatar_by_image: no face found/);
    expect(failed.credits_used).toBe(0);

    const bad: [unknown, string][] = [
      [{ link: linkId, override_avatar_by_image: pages.url('/missing.png') }, 'override_avatar_by_image'],
      [{ link: linkId, override_avatar_by_image: pages.url('/presenter.png'), override_avatar: avatarId }, 'override_avatar_by_image'],
    ];
    for (const [body, field] of bad) {
      const res = await post('/api/link_to_videos/preview/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
  }, 240_000);
});
