import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb, meanAbsDifference, measureRmsWindows, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, fileUrl, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import type { TaskAnswer } from '../../helpers/api-types.js';

const page = (base: string) => `<!doctype html><html><head>
<title>ThermoFlask Pro – Insulated Steel Bottle</title>
<meta name="description" content="Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder, made of recycled steel.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"ThermoFlask Pro","image":["${base}/img/a.jpg","${base}/img/b.jpg","${base}/img/c.jpg"],"offers":{"@type":"Offer","price":"24.99","priceCurrency":"USD"}}</script>
</head><body><h1>ThermoFlask Pro</h1></body></html>`;

/**
 * URL to Video end to end, through the API as a client uses it: a product page on loopback →
 * link → three previews in three visual styles → one rendered at full quality.
 */
describe('URL to Video', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let linkId: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-l2v-');
    pages = await startPageServer();
    pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page(pages.baseUrl) });
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      const photo = await makePhoto(fx.path(`${name}.jpg`), { width: 800, height: 800 }, i);
      pages.route(`/img/${name}.jpg`, { headers: { 'content-type': 'image/jpeg' }, body: await readFile(photo) });
    }
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 40 });
    const link = await post('/api/links/', { url: pages.url('/product') });
    expect(link.statusCode).toBe(201);
    linkId = link.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));

  let previewTask: TaskAnswer<`/api/link_to_videos/${string}/`>;

  it('makes one preview per visual style from the same script and voice (1 credit per 30 s each)', async () => {
    const before = await credits();
    const styles = ['AvatarBubbleTemplate', 'FullScreenTemplate', 'TopBottomTemplate'];
    const r = await post('/api/link_to_videos/preview_list_async/', { link: linkId, video_length: 15, aspect_ratio: '9:16', visual_styles: styles });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', link: linkId, output: null, preview: null, previews: [] });
    previewTask = await waitForTask(t, `/api/link_to_videos/${r.json().id}/`, 240_000);
    expect(previewTask.failed_reason).toBeNull();
    expect(previewTask.status).toBe('done');
    expect(previewTask.previews.map((p: { visual_style: string }) => p.visual_style)).toEqual(styles);
    expect(previewTask.preview).toBe(previewTask.previews[0]!.url);
    expect(previewTask.script).toMatch(/ThermoFlask/i);
    expect(previewTask.credits_used).toBe(3);
    expect(await credits()).toBe(before - 3);
    const frames = [];
    for (const [i, p] of previewTask.previews.entries()) {
      const file = await download(p.url, `preview-${i}.mp4`);
      const probe = await probeMedia(file);
      expect(probe.video).toMatchObject({ width: 360, height: 640 });
      expect(probe.audio).toBeDefined();
      expect(Math.abs(probe.durationSeconds - 15)).toBeLessThanOrEqual(1.5);
      frames.push(await extractFrameRgb(file, 4, { width: 90, height: 160 }));
    }
    // Three styles, three different pictures at the same moment.
    expect(meanAbsDifference(frames[0]!, frames[1]!)).toBeGreaterThan(5);
    expect(meanAbsDifference(frames[1]!, frames[2]!)).toBeGreaterThan(5);
  }, 300_000);

  it('renders the chosen preview at full size: MP4 of the asked length with speech and captions', async () => {
    const chosen = previewTask.previews[1]!;
    const before = await credits();
    const r = await post('/api/link_to_videos/render_single_preview/', { id: previewTask.id, media_job: chosen.media_job });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: previewTask.id, status: 'processing', output: null });
    const done = await waitForTask(t, `/api/link_to_videos/${previewTask.id}/`, 300_000);
    expect(done.failed_reason).toBeNull();
    expect(done.media_job).toBe(chosen.media_job);
    // credits_used is the task's total: the three previews and the render.
    expect(done.credits_used).toBe(7);
    expect(await credits()).toBe(before - 4);
    const file = await download(done.output, 'render.mp4');
    const probe = await probeMedia(file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(probe.audio?.codec).toBe('aac');
    expect(Math.abs(probe.durationSeconds - 15)).toBeLessThanOrEqual(1.5);
    const rms = await measureRmsWindows(file, { windowSeconds: 0.5 });
    expect(rms.filter((db) => db > -35).length).toBeGreaterThan(rms.length / 2);
    const thumbnail = new URL(fileUrl(done.video_thumbnail));
    const thumb = await t.app.inject({ method: 'GET', url: thumbnail.pathname + thumbnail.search });
    expect(thumb.headers['content-type']).toMatch(/image\/jpeg/);
  }, 300_000);

  it("shows captions unless no_caption, in the style's caption band", async () => {
    const body = { link: linkId, video_length: 15, aspect_ratio: '9:16', visual_style: 'FullScreenTemplate' };
    const [withCaptions, without] = await Promise.all([
      post('/api/link_to_videos/preview/', body),
      post('/api/link_to_videos/preview/', { ...body, no_caption: true, no_background_music: true }),
    ]);
    const a = await waitForTask(t, `/api/link_to_videos/${withCaptions.json().id}/`, 240_000);
    const b = await waitForTask(t, `/api/link_to_videos/${without.json().id}/`, 240_000);
    expect([a.status, b.status]).toEqual(['done', 'done']);
    const [fa, fb] = [await download(a.preview, 'cap.mp4'), await download(b.preview, 'nocap.mp4')];
    const size = { width: 360, height: 640 };
    const [ra, rb] = [await extractFrameRgb(fa, 5, size), await extractFrameRgb(fb, 5, size)];
    // FullScreenTemplate sets captions 0.32 of the frame below the centre.
    const band = { x: 0, y: 640 * (0.5 + 0.32) - 60, width: 360, height: 120 };
    const top = { x: 0, y: 0, width: 360, height: 200 };
    // The two are separate low-quality encodes, so the whole frame differs a little (~4 levels);
    // the caption band differs several times more.
    expect(meanAbsDifference(ra, rb, band)).toBeGreaterThan(2.5 * Math.max(1, meanAbsDifference(ra, rb, top)));
    const quiet = await measureRmsWindows(fb, { windowSeconds: 0.5 });
    expect(Math.max(...quiet.slice(-2))).toBeLessThan(-40); // no music under the end card
  }, 300_000);

  it('answers 400 for an unknown link or style, 404 task_not_ready before a preview, 402 when credits run short', async () => {
    const unknown = await post('/api/link_to_videos/preview/', { link: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ link: ['Invalid link ID'] });
    const style = await post('/api/link_to_videos/preview/', { link: linkId, visual_style: 'NoSuchTemplate' });
    expect(style.statusCode).toBe(400);
    expect(style.json().visual_style[0]).toMatch(/AvatarBubbleTemplate/);
    const length = await post('/api/link_to_videos/', { link: linkId, video_length: 20 });
    expect(length.statusCode).toBe(400);
    expect(Object.keys(length.json())).toEqual(['video_length']);
    const missing = await post('/api/link_to_videos/render_single_preview/', {});
    expect(missing.statusCode).toBe(400);
    const none = await post(`/api/link_to_videos/00000000-0000-4000-8000-000000000000/render/`);
    expect(none.statusCode).toBe(404);
    const poor = await t.c.accounts.create('poor', 1);
    const poorHeaders = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/links/link_with_params/',
      headers: poorHeaders,
      payload: { title: 'Mug', image_urls: [pages.url('/img/a.jpg')] },
    });
    const tooDear = await t.app.inject({
      method: 'POST',
      url: '/api/link_to_videos/preview_list_async/',
      headers: poorHeaders,
      payload: { link: own.json().id, visual_styles: ['FullScreenTemplate', 'VanillaTemplate'] },
    });
    expect(tooDear.statusCode).toBe(402);
    expect(tooDear.json().code).toBe('insufficient_credits');
    const othersLink = await post('/api/link_to_videos/preview/', { link: own.json().id });
    expect(othersLink.json()).toEqual({ link: ['Invalid link ID'] });
  });
});
