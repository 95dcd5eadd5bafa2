import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb, meanColor, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { makeStockClip, pexelsAnswer, STOCK_CLIP_RGB } from '../../helpers/stock-api-mocks.js';

/** The product photo: a flat colour the stock clip does not have. */
const PRODUCT: [number, number, number] = [0xd0, 0x20, 0x90];
const distance = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/**
 * URL to Video with a Pexels key, through the API, the Pexels API a loopback mock: the stock
 * clip is searched by the script's words, shown between the product shots, and credited on the task.
 */
describe('URL to Video with stock b-roll (Pexels key configured)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let server: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-stock-video-');
    server = await startPageServer();
    const clip = makeStockClip(fx.path('clip.mp4'));
    server.route('/videos/search', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(pexelsAnswer(server)) });
    for (const id of [101, 102]) server.route(`/files/${id}-port.mp4`, { headers: { 'content-type': 'video/mp4' }, body: clip });
    const photo = await makeColorImage(fx.path('product.png'), '0xD02090', { width: 600, height: 600 });
    server.route('/img/product.png', { headers: { 'content-type': 'image/png' }, body: await readFile(photo) });
    server.route('/img/product-side.png', { headers: { 'content-type': 'image/png' }, body: await readFile(photo) });
    db = await freshSqlite();
    t = await startTestApp(db, { PEXELS_API_KEY: 'mock-pexels-key', PEXELS_API_URL: server.baseUrl }, { credits: 20 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await server?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });

  it('a 15 s preview shows the stock clip between the product shots and names its source and licence', async () => {
    const link = await post('/api/links/link_with_params/', {
      title: 'Pink Trail Mug',
      image_urls: [server.url('/img/product.png'), server.url('/img/product-side.png')],
    });
    expect(link.statusCode).toBe(200);
    const r = await post('/api/link_to_videos/preview/', {
      link: link.json().id,
      aspect_ratio: '9:16',
      video_length: 15,
      visual_style: 'FullScreenTemplate',
      override_script:
        'Hot coffee at the mountain summit. Cold water on the desert trail. Tough steel for every camping trip. It fits a backpack pocket and a car cup holder. Wash it in seconds, fill it again, and head back out.',
      no_background_music: true,
      no_caption: true,
      no_cta: true,
    });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/link_to_videos/${r.json().id}/`, 240_000);
    expect(done.failed_reason).toBeNull();
    expect(done.stock_media).toEqual({
      clips: [
        {
          source: 'pexels',
          page_url: 'https://www.pexels.com/video/clip-101/',
          author: 'Author 101',
          licence: 'Pexels License',
          query: expect.stringMatching(/^hot coffee /),
        },
        {
          source: 'pexels',
          page_url: 'https://www.pexels.com/video/clip-102/',
          author: 'Author 102',
          licence: 'Pexels License',
          query: expect.stringMatching(/^cold water /),
        },
      ],
      problem: null,
    });
    const search = server.hits.find((h) => h.startsWith('/videos/search'))!;
    expect(new URL(search, server.baseUrl).searchParams.get('orientation')).toBe('portrait');
    expect(server.headersOf('/videos/search')?.authorization).toBe('mock-pexels-key');

    const video = await downloadTo(t, done.preview, fx.path('preview.mp4'));
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ width: 360, height: 640 });
    // Every half second: which picture fills the frame's middle.
    const seen: string[] = [];
    for (let at = 0.25; at < probe.durationSeconds - 0.2; at += 0.5) {
      const frame = await extractFrameRgb(video, at, { width: 90, height: 160 });
      const rgb = meanColor(frame, { x: 36, y: 60, width: 18, height: 16 });
      seen.push(distance(rgb, STOCK_CLIP_RGB) < 30 ? 'S' : distance(rgb, PRODUCT) < 30 ? 'P' : '.');
    }
    const shots = seen.join('');
    // The product first, the stock footage in its own scenes after it, the product again.
    expect(shots, shots).toMatch(/^\.?P+.*S{2,}.*P{2,}/);
    expect(seen.filter((s) => s === 'S').length, shots).toBeGreaterThanOrEqual(4);
  }, 300_000);
});
