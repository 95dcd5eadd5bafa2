import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { decodeImage } from '../../../src/pipelines/images/raster-io.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

describe.each(databases)('Asset Generator on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-asset-api-');
    pages = await startPageServer();
    const product = await productPhoto({ width: 200, height: 240 });
    pages.route('/product.png', { headers: { 'content-type': 'image/png' }, body: product.png });
    pages.route('/flat.png', {
      headers: { 'content-type': 'image/png' },
      body: await readFile(await makeColorImage(fx.path('flat.png'), '#808080', { width: 120, height: 120 })),
    });
    pages.route('/text.png', { headers: { 'content-type': 'image/png' }, body: Buffer.from('not a picture') });
    db = await makeDb();
    t = await startTestApp(db, {}, { credits: 20 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (payload: unknown, path = '/api/ai_generation/') => t.app.inject({ method: 'POST', url: path, headers: t.headers, payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const balance = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;

  it('shows the models in the spec shape, filtered by model_name, and in the compatible shape', async () => {
    const all = (await get('/api/ai_generation/schema/')).json();
    expect(all.models.length).toBeGreaterThanOrEqual(30);
    const upscale = all.models.find((m: { id: string }) => m.id === 'upscale-2x');
    expect(upscale).toMatchObject({
      name: 'Upscale 2×',
      generation_type: 'image_to_image',
      credits_per_output: 1,
      inputs: { image_url: { type: 'image', required: true }, output_nums: { type: 'integer', default: 1, minimum: 1, maximum: 4 } },
    });
    const some = (await get('/api/ai_generation/schema/?model_name=posterize,collage,nope')).json();
    expect(some.models.map((m: { id: string }) => m.id)).toEqual(['posterize', 'collage']);
    const compat = (await get('/api/asset_generator/schemas/?model_name=posterize')).json();
    expect(compat).toEqual([
      expect.objectContaining({
        model_name: 'posterize',
        generation_type: 'image_to_image',
        input_params_schema: expect.objectContaining({
          type: 'object',
          required: ['image_url'],
          properties: expect.objectContaining({ colors: expect.objectContaining({ type: 'integer', minimum: 2, maximum: 32, default: 6 }) }),
        }),
      }),
    ]);
  });

  it('runs a model output_nums times: distinct assets, charged per output', async () => {
    const before = await balance();
    const r = await post({ model_name: 'posterize', input_params: { image_url: pages.url('/product.png'), colors: 5, output_nums: 2 } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', model_name: 'posterize', gen_type: 'image', output_nums: 2, assets: [], output: null });
    const done = await waitForTask(t, `/api/ai_generation/${r.json().id}/`);
    expect(done.failed_reason).toBeNull();
    expect(done.assets).toHaveLength(2);
    expect(done.output).toBe(done.assets[0]!.url);
    expect(done.credits_used).toBe(1);
    expect(await balance()).toBeCloseTo(before - 1, 6);
    const pics = await Promise.all(
      done.assets.map(async (a, i) => {
        expect(a).toMatchObject({ type: 'image', name: `posterize-${i + 1}.png` });
        await downloadTo(t, a.thumbnail_url, fx.path(`thumb-${i}.png`));
        return decodeImage(await downloadTo(t, a.url, fx.path(`asset-${i}.png`)));
      }),
    );
    expect(pics[0]!.width).toBe(200);
    expect(Buffer.from(pics[0]!.data).equals(Buffer.from(pics[1]!.data))).toBe(false);
    // The alias reads the same task; the list filters by ids.
    expect((await get(`/api/asset_generator/${done.id}/`)).json().id).toBe(done.id);
    expect((await get(`/api/ai_generation/?ids=${done.id}`)).json().map((x: { id: string }) => x.id)).toEqual([done.id]);
  }, 60_000);

  it('makes a video through the alias path', async () => {
    const r = await post(
      {
        model_name: 'image-to-video-ken-burns',
        input_params: { image_url: pages.url('/product.png'), duration_seconds: 2, aspect_ratio: '1:1', resolution: '360p' },
      },
      '/api/asset_generator/',
    );
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/asset_generator/${r.json().id}/`);
    expect(done).toMatchObject({ status: 'done', gen_type: 'video', credits_used: 5 });
    const probe = await probeMedia(await downloadTo(t, done.output, fx.path('video.mp4')));
    expect(probe.video).toMatchObject({ codec: 'h264', width: 360, height: 360 });
  }, 60_000);

  it('answers 400 for an unknown model, a missing or bad input, and unusable media — nothing created', async () => {
    const before = await balance();
    expect((await post({ model_name: 'dall-e-9', input_params: {} })).json()).toEqual({ model_name: ['AI model not found'] });
    const missing = await post({ model_name: 'upscale-2x', input_params: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ 'input_params.image_url': ['This field is required.'] });
    const bad = await post({ model_name: 'posterize', input_params: { image_url: pages.url('/product.png'), colors: 99, output_nums: 9 } });
    expect(bad.json()).toEqual({
      'input_params.colors': ['Ensure this value is between 2 and 32.'],
      'input_params.output_nums': ['Ensure this value is between 1 and 4.'],
    });
    const option = await post({ model_name: 'black-and-white', input_params: { image_url: pages.url('/product.png'), filter: 'purple' } });
    expect(option.json()['input_params.filter'][0]).toMatch(/not a valid choice.*neutral, red, green, blue/);
    const notPicture = await post({ model_name: 'upscale-2x', input_params: { image_url: pages.url('/text.png') } });
    expect(notPicture.statusCode).toBe(400);
    expect(Object.keys(notPicture.json())).toEqual(['input_params.image_url']);
    const gone = await post({ model_name: 'collage', input_params: { image_urls: [pages.url('/product.png'), pages.url('/missing.png')] } });
    expect(Object.keys(gone.json())).toEqual(['input_params.image_urls.1']);
    expect(await balance()).toBe(before);
  }, 60_000);

  it('ends failed with a reason and charges nothing when there is nothing to cut out', async () => {
    const before = await balance();
    const r = await post({ model_name: 'background-removal', input_params: { image_url: pages.url('/flat.png') } });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/ai_generation/${r.json().id}/`);
    expect(done.status).toBe('failed');
    expect(done.failed_reason).toMatch(/\w+/);
    expect(done.credits_used).toBe(0);
    expect(await balance()).toBe(before);
  }, 60_000);
});
