import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import type { ResultOf } from '../../../packages/sdk/src/index.js';

const runFfmpeg = (args: string[]) => promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Share of pixels close to `rgb` (distance under `tolerance`). */
function shareNear(img: { data: Uint8Array | Uint8ClampedArray; width: number; height: number }, rgb: [number, number, number], tolerance = 60): number {
  let hits = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    const d = Math.abs(img.data[i * 4]! - rgb[0]) + Math.abs(img.data[i * 4 + 1]! - rgb[1]) + Math.abs(img.data[i * 4 + 2]! - rgb[2]);
    if (d < tolerance) hits++;
  }
  return hits / (img.width * img.height);
}

describe('Inspiration over HTTP', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let product: Awaited<ReturnType<typeof productPhoto>>;

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-inspiration-');
    pages = await startPageServer();
    product = await productPhoto({ width: 200, height: 240 });
    pages.route('/product.png', { headers: { 'content-type': 'image/png' }, body: product.png });
    pages.route('/text.png', { headers: { 'content-type': 'image/png' }, body: Buffer.from('not a picture') });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 30 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/inspiration_jobs/', headers: t.headers, payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const balance = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;
  const byName = async (name: string) => {
    const found = (await get('/api/inspirations/')).json<ResultOf<'/api/inspirations/'>>().find((i) => i.name === name);
    if (!found) throw new Error(`no inspiration named ${name}`);
    return found;
  };

  it('lists at least 12 inspirations of both kinds with verbatim parameter names, and finds one by id', async () => {
    const all = (await get('/api/inspirations/')).json<ResultOf<'/api/inspirations/'>>();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((i) => i.gen_type))).toEqual(new Set(['image', 'video']));
    for (const i of all) {
      expect(i.categories.length).toBeGreaterThan(0);
      expect(i.labels.length).toBeGreaterThan(0);
      expect(Number.isInteger(i.credit_cost)).toBe(true);
      expect(i.gen_type === 'image' ? i.preview_image : i.preview_video).toMatch(/^http/);
    }
    const banner = all.find((i) => i.name === 'Flash Sale Banner')!;
    expect(banner.input_params_schema).toMatchObject({ schema_uri: expect.stringContaining('json-schema.org'), required: ['Product Image', 'Headline'] });
    expect(Object.keys(banner.input_params_schema.properties)).toEqual(['Product Image', 'Headline', 'Discount', 'Call To Action', 'Brand Color']);
    const one = await get(`/api/inspirations/${banner.id}/`);
    expect(one.json()).toEqual(banner);
    expect((await get('/api/inspirations/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
  });

  it('makes a preview on first request: the style applied to the built-in sample product', async () => {
    const marble = await byName('Marble Luxury');
    const png = await decodeImage(await downloadTo(t, marble.preview_image, fx.path('preview.png')));
    expect([png.width, png.height]).toEqual([1080, 1080]);
    // The sample bottle is red (#c81e3a).
    expect(shareNear(png, [200, 30, 58])).toBeGreaterThan(0.01);
  }, 60_000);

  it("stages the client's product on marble: a 1080² PNG showing the product, charged the credit_cost", async () => {
    const marble = await byName('Marble Luxury');
    const before = await balance();
    const r = await post({ inspiration_id: marble.id, parameters: { 'Product Image': pages.url('/product.png') } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'pending',
      inspiration_id: marble.id,
      gen_type: 'image',
      output: null,
      parameters: { 'Product Image': pages.url('/product.png') },
    });
    const done = await waitForTask(t, `/api/inspiration_jobs/${r.json().id}/`);
    expect(done.failed_reason).toBeNull();
    expect(done.credits_used).toBe(marble.credit_cost);
    expect(await balance()).toBeCloseTo(before - marble.credit_cost, 6);
    const png = await decodeImage(await downloadTo(t, done.output, fx.path('marble.png')));
    expect([png.width, png.height]).toEqual([1080, 1080]);
    expect(shareNear(png, product.productRgb)).toBeGreaterThan(0.01);
    expect((await get(`/api/inspiration_jobs/?ids=${done.id}`)).json().map((x: { id: string }) => x.id)).toEqual([done.id]);
  }, 60_000);

  it('turns a photo into a vertical Ken Burns story through the input_params alias', async () => {
    const story = await byName('Ken Burns Story');
    const r = await post({ inspiration_id: story.id, input_params: { Photo: pages.url('/product.png'), Resolution: '360p' } });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/inspiration_jobs/${r.json().id}/`);
    expect(done).toMatchObject({ status: 'done', gen_type: 'video', credits_used: story.credit_cost });
    const probe = await probeMedia(await downloadTo(t, done.output, fx.path('story.mp4')));
    // The contract's 30 fps, for the 6 s its catalog entry names.
    expect(probe.video).toMatchObject({ codec: 'h264', width: 360, height: 640, fps: 30 });
    expect(Math.abs(probe.durationSeconds - 6)).toBeLessThanOrEqual(0.1);
  }, 60_000);

  it('films the staged product in a display video (orbit then push-in)', async () => {
    const orbit = await byName('Orbit Showcase');
    const r = await post({ inspiration_id: orbit.id, parameters: { 'Product Image': pages.url('/product.png'), Resolution: '360p' } });
    const done = await waitForTask(t, `/api/inspiration_jobs/${r.json().id}/`);
    expect(done).toMatchObject({ status: 'done', width: 360, height: 640 });
    const path = await downloadTo(t, done.output, fx.path('orbit.mp4'));
    const probe = await probeMedia(path);
    expect(probe.video).toMatchObject({ width: 360, height: 640, fps: 30 });
    expect(Math.abs(probe.durationSeconds - 6)).toBeLessThanOrEqual(0.1);
    // The product is in the picture, and the picture moves.
    const [first, last] = await Promise.all(
      [0.2, 5.5].map(async (at, i) => {
        const png = fx.path(`orbit-${i}.png`);
        await runFfmpeg(['-ss', String(at), '-i', path, '-frames:v', '1', png]);
        return decodeImage(png);
      }),
    );
    expect(shareNear(first!, product.productRgb)).toBeGreaterThan(0.01);
    expect(Buffer.from(first!.data).equals(Buffer.from(last!.data))).toBe(false);
  }, 60_000);

  it('answers 404 for an unknown inspiration and 400 for missing or unusable parameters — nothing created or charged', async () => {
    const before = await balance();
    const banner = await byName('Flash Sale Banner');
    const unknown = await post({ inspiration_id: 'no-such-style', parameters: {} });
    expect(unknown.statusCode).toBe(404);
    const missing = await post({ inspiration_id: banner.id, parameters: { 'Product Image': pages.url('/product.png') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ 'parameters.Headline': ['This field is required.'] });
    const none = await post({ inspiration_id: banner.id });
    expect(none.json()).toEqual({ parameters: ['This field is required.'] });
    const notPicture = await post({ inspiration_id: banner.id, parameters: { 'Product Image': pages.url('/text.png'), Headline: 'SALE' } });
    expect(notPicture.statusCode).toBe(400);
    expect(Object.keys(notPicture.json())).toEqual(['parameters.Product Image']);
    const tooLong = await post({ inspiration_id: banner.id, parameters: { 'Product Image': pages.url('/product.png'), Headline: 'x'.repeat(61) } });
    expect(Object.keys(tooLong.json())).toEqual(['parameters.Headline']);
    expect((await get('/api/inspiration_jobs/')).json().length).toBe(3);
    expect(await balance()).toBe(before);
  }, 60_000);
});
