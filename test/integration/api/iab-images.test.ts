import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IAB_BANNERS } from '../../../src/domain/iab-images/iab-banners.js';
import { downloadTo, postMultipart, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { makeCheckFixtures, type CheckFixtures } from '../../helpers/create-check-fixtures.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';
import { productPhoto } from '../../helpers/product-fixtures.js';
import type { TaskAnswer } from '../../helpers/api-types.js';

/** IAB Images through the API: a product photo becomes twelve PNG banners of exact sizes, for 2 credits. */
describe.each(databases)('IAB Images on %s', (_name, fresh) => {
  let db: TestDatabase;
  let t: TestApp;
  let fx: CheckFixtures;
  let dir: string;
  let productJpeg: Buffer;

  beforeAll(async () => {
    fx = await makeCheckFixtures();
    productJpeg = (await productPhoto({ width: 320, height: 400 })).jpeg;
    fx.pages.route('/bottle.jpg', { headers: { 'content-type': 'image/jpeg' }, body: productJpeg });
    // A logo: a blue square mark on transparency.
    const logo = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 56, height: 56, channels: 4, background: { r: 0x1d, g: 0x4e, b: 0xd8, alpha: 1 } } }, left: 2, top: 2 }])
      .png()
      .toBuffer();
    fx.pages.route('/logo.png', { headers: { 'content-type': 'image/png' }, body: logo });
    let served = 0;
    // Fetchable once (the create-time check), gone when the job fetches it.
    fx.pages.route('/once.jpg', (_req, res) => {
      if (served++ === 0) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(productJpeg);
      else res.writeHead(404).end();
    });
    fx.pages.route('/notes.txt', { headers: { 'content-type': 'text/plain' }, body: Buffer.from('this is not a picture\n'.repeat(20)) });
    dir = await mkdtemp(join(tmpdir(), 'iab-e2e-'));
    db = await fresh();
    t = await startTestApp(db, {}, { credits: 10 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await fx?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/iab_images/', headers: t.headers, payload });
  const balance = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;

  async function expectTwelveBanners(done: TaskAnswer<`/api/iab_images/${string}/`>, prefix: string) {
    expect(done.failed_reason).toBeNull();
    expect(done.status).toBe('done');
    expect(done.credits_used).toBe(2);
    const output = done.output!;
    expect(output.map((o) => [o.name, o.size, o.type])).toEqual(IAB_BANNERS.map((b) => [b.name, b.size, b.type]));
    for (const o of output) {
      const path = await downloadTo(t, o.url, join(dir, `${prefix}-${o.name}.png`));
      const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([(await sharp(path).metadata()).format, `${info.width}x${info.height}`], o.name).toEqual(['png', o.size]);
      // The bottle's red is in every banner.
      let red = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 140 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
      expect(red, o.name).toBeGreaterThan(info.width * info.height * 0.01);
    }
  }

  it('makes the twelve banners of a product photo and charges 2 credits', async () => {
    const before = await balance();
    const r = await post({ image: fx.pages.url('/bottle.jpg') });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', image: fx.pages.url('/bottle.jpg'), output: null, credits_used: 0 });
    const done = await waitForTask(t, `/api/iab_images/${r.json().id}/`, 120_000);
    await expectTwelveBanners(done, 'url');
    expect(await balance()).toBeCloseTo(before - 2, 6);
    const list = (await t.app.inject({ method: 'GET', url: `/api/iab_images/?ids=${r.json().id}`, headers: t.headers })).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([r.json().id]);
  }, 150_000);

  it('takes the picture as a multipart file part', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(productJpeg)], { type: 'image/jpeg' }), 'bottle.jpg');
    const r = await postMultipart(t, '/api/iab_images/', form);
    expect(r.statusCode).toBe(201);
    await expectTwelveBanners(await waitForTask(t, `/api/iab_images/${r.json().id}/`, 120_000), 'upload');
  }, 150_000);

  // The link is read from the database at create and its words frozen into the task: on every database.
  it("draws a link's logo and a button on every banner, with the link's picture when image is left out", async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/links/link_with_params/',
      headers: t.headers,
      payload: { title: 'Northpeak TrailFlask 32 oz', image_urls: [fx.pages.url('/bottle.jpg')], logo_url: fx.pages.url('/logo.png') },
    });
    expect(link.statusCode).toBe(200);
    const r = await post({ link: link.json().id, call_to_action: 'Get yours' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ image: fx.pages.url('/bottle.jpg') });
    const done = await waitForTask(t, `/api/iab_images/${r.json().id}/`, 120_000);
    await expectTwelveBanners(done, 'link');
    for (const o of done.output!) {
      const { data, info } = await sharp(join(dir, `link-${o.name}.png`))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The logo's blue (and the button, in the brand's colour taken from it).
      let blue = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - 0x1d) + Math.abs(data[i + 1]! - 0x4e) + Math.abs(data[i + 2]! - 0xd8) < 60) blue++;
      expect(blue, o.name).toBeGreaterThan(info.width * info.height * 0.02);
    }
    expect((await post({ link: 'no-such-link' })).json()).toEqual({ link: ['Invalid link ID'] });
  }, 150_000);

  it('answers 400 on image for a text file, an MP3 named .png, or an unreachable URL, and charges nothing', async () => {
    const before = await balance();
    const count = (await t.app.inject({ method: 'GET', url: '/api/iab_images/', headers: t.headers })).json().length;
    for (const body of [
      {},
      { image: 'not a url' },
      { image: fx.pages.url('/notes.txt') },
      { image: fx.pages.url(fx.paths.mp3AsPng) },
      { image: fx.pages.url(fx.paths.missing) },
      { image: 'http://127.0.0.1:1/photo.png' },
    ]) {
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json()), JSON.stringify(body)).toEqual(['image']);
    }
    expect(await balance()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/iab_images/', headers: t.headers })).json()).toHaveLength(count);
  }, 60_000);

  it('fails a task whose picture is gone by the time it runs, with the reason, and charges nothing', async () => {
    const before = await balance();
    const r = await post({ image: fx.pages.url('/once.jpg') });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/iab_images/${r.json().id}/`, 60_000);
    expect(done.status).toBe('failed');
    expect(done.failed_reason).toMatch(/404/);
    expect(done.output).toBeNull();
    expect(done.credits_used).toBe(0);
    expect(await balance()).toBe(before);
  }, 90_000);

  it("answers 404 for an unknown or another account's task, and 402 without credits", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/iab_images/00000000-0000-4000-8000-000000000000/', headers: t.headers })).statusCode).toBe(404);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/iab_images/', headers: t.headers })).json()[0].id;
    const poor = await t.c.accounts.create('poor', 1);
    const headers = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    expect((await t.app.inject({ method: 'GET', url: `/api/iab_images/${mine}/`, headers })).statusCode).toBe(404);
    const r = await t.app.inject({ method: 'POST', url: '/api/iab_images/', headers, payload: { image: fx.pages.url('/bottle.jpg') } });
    expect(r.statusCode).toBe(402);
  });
});
