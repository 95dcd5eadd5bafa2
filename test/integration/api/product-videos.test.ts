import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb, meanAbsDifference, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import { productVideoTaskResponse } from '../../../src/api/schemas/responses/product-videos.js';

const SCALE = 0.2;
const RED: [number, number, number] = [0xc0, 0x39, 0x2b];

/** Share of pixels within `tolerance` (sum of channel differences) of `rgb`. */
async function shareNear(png: string, rgb: [number, number, number], tolerance = 60): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) < tolerance) n++;
  return n / (info.width * info.height);
}

async function meanPixelDifference(a: string, b: string): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe.each(databases)('Product Video through HTTP on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-product-video-');
    const photo = await productPhoto({ width: 240, height: 300 });
    pages = await startPageServer();
    pages.route('/bottle.jpg', { headers: { 'content-type': 'image/jpeg' }, body: photo.jpeg });
    pages.route('/plain.png', {
      headers: { 'content-type': 'image/png' },
      body: await sharp({ create: { width: 120, height: 120, channels: 3, background: '#808080' } })
        .png()
        .toBuffer(),
    });
    pages.route('/anim.gif', {
      headers: { 'content-type': 'image/gif' },
      body: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .gif()
        .toBuffer(),
    });
    db = await makeDb();
    t = await startTestApp(db, { PRODUCT_VIDEO_OUTPUT_SCALE: String(SCALE) }, { credits: 100 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: t.headers, payload });
  const balance = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const path = (id: string) => `/api/product_to_videos/${id}/` as const;
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));

  it('gen_image → display video → regen_image → regen_video, each priced by the contract', async () => {
    const start = await balance();
    const created = await post('/api/product_to_videos/gen_image/', {
      product_url: pages.url('/bottle.jpg'),
      aspect_ratio: '16x9',
      image_prompt: 'warm wood table',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', aspect_ratio: '16x9', generated_photo_url: null, video_url: null, regen_type: null });
    const id = created.json().id as string;
    const image = await waitForTask(t, path(id), 120_000);
    expect(image.failed_reason).toBeNull();
    expect(image).toMatchObject({ status: 'done', credits_used: 2, video_url: null });
    const png = await download(image.generated_photo_url, 'image.png');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 384, 216]);
    // The bottle's red is in the frame (the product is kept, scaled, never redrawn).
    expect(await shareNear(png, RED)).toBeGreaterThan(0.01);

    // Video before the image is done → 404 task_not_ready; bad style → 400 on the field.
    expect((await post(`${path(id)}gen_video/`, { motion_style: 'dance' })).json()).toHaveProperty('motion_style');
    const video = await post(`${path(id)}gen_video/`, { motion_style: 'display', video_prompt: 'a 5 second turntable spin, no music' });
    expect(video.statusCode).toBe(200);
    expect(video.json()).toMatchObject({ id, status: 'processing', video_url: null, motion_style: 'display', generated_photo_url: expect.any(String) });
    const shown = await waitForTask(t, path(id), 180_000);
    expect(shown.failed_reason).toBeNull();
    expect(shown.video_url).toBe(shown.generated_video_url);
    expect(shown.credits_used).toBe(12);
    expect(shown.motions).toContain('turntable');
    // The body is what the OpenAPI document says it is.
    expect(productVideoTaskResponse.safeParse(shown).error).toBeUndefined();
    expect(productVideoTaskResponse.safeParse(created.json()).error).toBeUndefined();
    const mp4 = await download(shown.video_url, 'display.mp4');
    const probe = await probeMedia(mp4);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 384, height: 216 });
    // The length the prompt asks for ("a 5 second … spin").
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThanOrEqual(0.1);

    const regen = await post(`${path(id)}regen_image/`, { image_prompt: 'cool blue marble' });
    expect(regen.statusCode).toBe(201);
    expect(regen.json()).toMatchObject({
      regen_type: 'regen_image',
      regen_source_id: id,
      image_prompt: 'cool blue marble',
      product_url: pages.url('/bottle.jpg'),
    });
    const regenDone = await waitForTask(t, path(regen.json().id), 120_000);
    expect(regenDone).toMatchObject({ status: 'done', credits_used: 2 });
    const png2 = await download(regenDone.generated_photo_url, 'regen.png');
    expect(await meanPixelDifference(png, png2)).toBeGreaterThan(4);
    expect(await shareNear(png2, RED)).toBeGreaterThan(0.01);

    const again = await post(`${path(id)}regen_video/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'processing', video_url: null });
    const varied = await waitForTask(t, path(id), 180_000);
    expect(varied).toMatchObject({ status: 'done', credits_used: 13 });
    expect(varied.video_url).not.toBe(shown.video_url);
    const mp4b = await download(varied.video_url, 'display-2.mp4');
    const size = { width: 384, height: 216 };
    // Another cut of the same picture: the same prompt keeps the turntable first, the rest differs.
    expect(varied.motions).not.toEqual(shown.motions);
    const differences = await Promise.all(
      [1, 2.5, 4].map(async (at) => meanAbsDifference(await extractFrameRgb(mp4, at, size), await extractFrameRgb(mp4b, at, size))),
    );
    expect(Math.max(...differences)).toBeGreaterThan(2);
    expect(await balance()).toBe(start - 2 - 10 - 2 - 1);

    const list = await t.app.inject({ method: 'GET', url: `/api/product_to_videos/?ids=${id},${regen.json().id}`, headers: t.headers });
    expect(
      list
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([id, regen.json().id].sort());
  }, 600_000);

  it('talking: the presenter speaks about the product beside it, with sound, for the length of the speech', async () => {
    const created = await post('/api/product_to_videos/gen_image/', { product_url: pages.url('/bottle.jpg'), aspect_ratio: '4:5' });
    const image = await waitForTask(t, path(created.json().id), 120_000);
    expect(image.status).toBe('done');
    const meta = await sharp(await download(image.generated_photo_url, 'portrait.png')).metadata();
    expect([meta.width, meta.height]).toEqual([216, 270]);
    const talk = await post(`${path(image.id)}gen_video/`, { motion_style: 'talking', video_prompt: 'Ruby Tonic. A bright red bottle of sparkling tonic.' });
    expect(talk.statusCode).toBe(200);
    const done = await waitForTask(t, path(image.id), 300_000);
    expect(done.failed_reason).toBeNull();
    expect(done.script).toMatch(/\w+/);
    const mp4 = await download(done.video_url, 'talking.mp4');
    const probe = await probeMedia(mp4);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 216, height: 270 });
    expect(probe.audio?.codec).toBe('aac');
    const words = (done.script as string).split(/\s+/).length;
    // Speech-length: about 2–4 words a second.
    expect(probe.durationSeconds).toBeGreaterThan(words / 5);
    expect(probe.durationSeconds).toBeLessThan(words / 1.2 + 2);
    expect(Math.abs(done.duration! - probe.durationSeconds)).toBeLessThan(0.2);
  }, 600_000);

  it('bad inputs answer 400 on the field; a photo with nothing to cut out fails with a reason, nothing charged', async () => {
    const before = await balance();
    const bad = async (body: object) => {
      const r = await post('/api/product_to_videos/gen_image/', body);
      expect(r.statusCode).toBe(400);
      return r.json();
    };
    expect(await bad({})).toHaveProperty('product_url');
    expect(await bad({ product_url: `https://example.com/${'a'.repeat(200)}.png` })).toHaveProperty('product_url');
    expect(await bad({ product_url: pages.url('/missing.png') })).toHaveProperty('product_url');
    expect(await bad({ product_url: pages.url('/anim.gif') })).toHaveProperty('product_url');
    expect(await bad({ product_url: pages.url('/bottle.jpg'), aspect_ratio: '3:2' })).toHaveProperty('aspect_ratio');
    expect(await bad({ product_url: pages.url('/bottle.jpg'), override_avatar: '00000000-0000-4000-8000-000000000000' })).toHaveProperty('override_avatar');
    expect((await post('/api/product_to_videos/00000000-0000-4000-8000-000000000000/gen_video/', { motion_style: 'display' })).statusCode).toBe(404);
    expect(await balance()).toBe(before);

    const plain = await post('/api/product_to_videos/gen_image/', { product_url: pages.url('/plain.png') });
    expect(plain.statusCode).toBe(201);
    const failed = await waitForTask(t, path(plain.json().id), 60_000);
    expect(failed).toMatchObject({ status: 'failed', credits_used: 0, generated_photo_url: null });
    expect(failed.failed_reason).toMatch(/plain or contrasting background/);
    const nope = await post(`${path(plain.json().id)}gen_video/`, { motion_style: 'display' });
    expect([nope.statusCode, nope.json().code]).toEqual([404, 'task_not_ready']);
    expect(await balance()).toBe(before);
  }, 120_000);
});
