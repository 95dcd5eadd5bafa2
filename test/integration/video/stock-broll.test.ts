import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpUrlFetcher } from '../../../src/engines/fetch/index.js';
import { createFfmpegEngine, extractFrameRgb, meanColor } from '../../../src/engines/ffmpeg/index.js';
import { createStockMedia, PexelsStockMedia, PixabayStockMedia } from '../../../src/engines/stock-media/index.js';
import { fetchStockBroll, type StockBrollRequest } from '../../../src/pipelines/video/stock-broll.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { makeStockClip, pexelsAnswer, pixabayAnswer, STOCK_CLIP_RGB } from '../../helpers/stock-api-mocks.js';

/**
 * Stock b-roll against loopback mocks of the Pexels and Pixabay APIs (their documented answers),
 * the clips downloaded through the real fetcher and read back as pictures.
 */
const ffmpeg = createFfmpegEngine();
const SCRIPT = 'Cold water on the longest trail. Steel walls keep the summit coffee hot. Get yours today.';
const REQ: StockBrollRequest = {
  aspectRatio: '9:16',
  language: 'en',
  facts: {
    title: 'Northpeak TrailFlask 32 oz',
    aiIndustry: 'Sports & Outdoors',
    brand: 'Northpeak',
    imageUrls: ['https://shop.test/1.jpg', 'https://shop.test/2.jpg'],
  },
};

let fx: FixtureDir;
let api: PageServer;
let clip: Buffer;
const fetcher = new HttpUrlFetcher({ allowPrivate: true, timeoutMs: 5000, maxBytes: 10_000_000, maxRedirects: 3 });
const mp4 = () => ({ headers: { 'content-type': 'video/mp4' }, body: clip });

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-stock-');
  clip = makeStockClip(fx.path('clip.mp4'));
  api = await startPageServer();
}, 30_000);
afterAll(async () => {
  await api?.close();
  if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
});
beforeEach(() => {
  api.hits.length = 0;
  api.route('/videos/search', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(pexelsAnswer(api)) });
  api.route('/api/videos/', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(pixabayAnswer(api)) });
  for (const path of ['/files/101-port.mp4', '/files/102-port.mp4', '/px/202-medium.mp4']) api.route(path, mp4());
});

let run = 0;
const dirs = () => {
  run++;
  return { planDir: fx.path(`plan-${run}`), cacheDir: fx.path(`cache-${run}`) };
};
const stockOf = (env: { pexels?: boolean; pixabay?: boolean }, cacheDir: string) =>
  createStockMedia(
    {
      pexels: env.pexels ? { apiKey: 'pexels-key', baseUrl: api.baseUrl } : null,
      pixabay: env.pixabay ? { apiKey: 'pixabay-key', baseUrl: api.baseUrl } : null,
      timeoutMs: 3000,
    },
    cacheDir,
  );

describe('the Pexels adapter', () => {
  it('sends the key as Authorization, the words, the orientation and the count; takes the portrait HD rendition', async () => {
    const pexels = new PexelsStockMedia({ apiKey: 'pexels-key', baseUrl: api.baseUrl, timeoutMs: 3000 });
    const clips = await pexels.search({ query: 'trail water outdoors', orientation: 'portrait', perPage: 5 });
    const sent = new URL(api.hits.at(-1)!, api.baseUrl);
    expect(sent.pathname).toBe('/videos/search');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ query: 'trail water outdoors', orientation: 'portrait', per_page: '5' });
    expect(api.headersOf('/videos/search')?.authorization).toBe('pexels-key');
    expect(clips.map((c) => [c.id, c.fileUrl, c.width, c.height])).toEqual([
      ['101', api.url('/files/101-port.mp4'), 720, 1280],
      ['102', api.url('/files/102-port.mp4'), 720, 1280],
    ]);
    expect(clips[0]).toMatchObject({ source: 'pexels', author: 'Author 101', pageUrl: 'https://www.pexels.com/video/clip-101/', licence: 'Pexels License' });
  });

  it('a refused key is a StockMediaError naming the status, without the key', async () => {
    api.route('/videos/search', { status: 401, body: 'Unauthorized' });
    const pexels = new PexelsStockMedia({ apiKey: 'secret-pexels-key', baseUrl: api.baseUrl, timeoutMs: 3000 });
    const err = await pexels.search({ query: 'trail', orientation: 'portrait', perPage: 5 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'StockMediaError', status: 401 });
    expect(String((err as Error).message)).not.toContain('secret');
  });
});

describe('the Pixabay adapter', () => {
  it('sends the key and words as parameters and keeps only clips of the orientation asked', async () => {
    const pixabay = new PixabayStockMedia({ apiKey: 'pixabay-key', baseUrl: api.baseUrl, timeoutMs: 3000 });
    const clips = await pixabay.search({ query: 'trail water outdoors', orientation: 'portrait', perPage: 2 });
    const sent = new URL(api.hits.at(-1)!, api.baseUrl);
    expect(sent.pathname).toBe('/api/videos/');
    expect(sent.searchParams.get('key')).toBe('pixabay-key');
    expect(sent.searchParams.get('q')).toBe('trail water outdoors');
    expect(Number(sent.searchParams.get('per_page'))).toBeGreaterThanOrEqual(3);
    // 201 is landscape; 202's medium rendition is the smallest of it that is sharp enough (its large one is empty).
    expect(clips.map((c) => [c.id, c.fileUrl, c.width, c.height])).toEqual([['202', api.url('/px/202-medium.mp4'), 1080, 1920]]);
    expect(clips[0]).toMatchObject({
      source: 'pixabay',
      author: 'pixuser202',
      pageUrl: 'https://pixabay.com/videos/clip-202/',
      licence: 'Pixabay Content License',
    });
  });
});

describe('stock b-roll for an ad plan', () => {
  it('searches by the script and the industry, downloads through the fetcher, records source and licence; the second plan asks nothing', async () => {
    const { planDir, cacheDir } = dirs();
    await mkdir(planDir, { recursive: true });
    const stockMedia = { search: stockOf({ pexels: true }, cacheDir)!, cacheDir };
    const broll = await fetchStockBroll(REQ, SCRIPT, { stockMedia, fetcher, ffmpeg }, { planDir });
    expect(broll?.problem).toBeUndefined();
    expect(broll?.files).toEqual(['stock-0.mp4', 'stock-1.mp4']);
    expect(broll?.credits).toEqual([
      {
        file: 'stock-0.mp4',
        source: 'pexels',
        pageUrl: 'https://www.pexels.com/video/clip-101/',
        author: 'Author 101',
        licence: 'Pexels License',
        query: 'cold water outdoors',
      },
      {
        file: 'stock-1.mp4',
        source: 'pexels',
        pageUrl: 'https://www.pexels.com/video/clip-102/',
        author: 'Author 102',
        licence: 'Pexels License',
        query: 'steel walls outdoors',
      },
    ]);
    // The product's own name is never searched for.
    const searches = api.hits.filter((h) => h.startsWith('/videos/search'));
    expect(searches.join(' ')).not.toMatch(/trailflask|northpeak/i);
    expect(api.hits.filter((h) => h.startsWith('/files/'))).toEqual(['/files/101-port.mp4', '/files/102-port.mp4']);
    // What landed in the plan is the library's clip, as pictures.
    const frame = await extractFrameRgb(join(planDir, 'stock-0.mp4'), 0.5, { width: 160, height: 284 });
    const rgb = meanColor(frame, { x: 20, y: 20, width: 120, height: 240 });
    expect(Math.max(...rgb.map((v, i) => Math.abs(v - STOCK_CLIP_RGB[i]!)))).toBeLessThan(12);

    // Another plan of the same script on this machine: no search, no download.
    api.hits.length = 0;
    const again = fx.path(`plan-${run}-again`);
    await mkdir(again, { recursive: true });
    const second = await fetchStockBroll(
      REQ,
      SCRIPT,
      { stockMedia: { search: stockOf({ pexels: true }, cacheDir)!, cacheDir }, fetcher, ffmpeg },
      { planDir: again },
    );
    expect(second?.credits).toEqual(broll?.credits);
    expect(api.hits).toEqual([]);
    expect(await readFile(join(again, 'stock-1.mp4'))).toEqual(clip);
  });

  it('Pixabay alone: a landscape frame asks for landscape clips', async () => {
    const { planDir, cacheDir } = dirs();
    await mkdir(planDir, { recursive: true });
    api.route('/px/201-medium.mp4', mp4());
    const broll = await fetchStockBroll(
      { ...REQ, aspectRatio: '16:9' },
      SCRIPT,
      { stockMedia: { search: stockOf({ pixabay: true }, cacheDir)!, cacheDir }, fetcher, ffmpeg },
      { planDir },
    );
    // One landscape clip in the answer: the second sentence finds only that one again, so one clip.
    expect(broll?.credits.map((c) => [c.source, c.pageUrl, c.licence])).toEqual([
      ['pixabay', 'https://pixabay.com/videos/clip-201/', 'Pixabay Content License'],
    ]);
    expect(api.hits.some((h) => h.startsWith('/px/201-medium.mp4'))).toBe(true);
  });

  it('no_stock_broll, or no key: no library is asked and the plan gets nothing', async () => {
    const { planDir, cacheDir } = dirs();
    const stockMedia = { search: stockOf({ pexels: true, pixabay: true }, cacheDir)!, cacheDir };
    expect(await fetchStockBroll({ ...REQ, noStockBroll: true }, SCRIPT, { stockMedia, fetcher, ffmpeg }, { planDir })).toBeNull();
    expect(stockOf({}, cacheDir)).toBeNull();
    expect(await fetchStockBroll(REQ, SCRIPT, { stockMedia: null, fetcher, ffmpeg }, { planDir })).toBeNull();
    expect(api.hits).toEqual([]);
  });

  it('a library that fails leaves no clip and says why; the other library answers in its place; nothing is cached', async () => {
    api.route('/videos/search', { status: 500, body: 'upstream down' });
    const { planDir, cacheDir } = dirs();
    await mkdir(planDir, { recursive: true });
    const alone = await fetchStockBroll(REQ, SCRIPT, { stockMedia: { search: stockOf({ pexels: true }, cacheDir)!, cacheDir }, fetcher, ffmpeg }, { planDir });
    expect(alone).toEqual({ files: [], credits: [], problem: 'Pexels answered 500 Internal Server Error' });
    // One failed search, not one per sentence.
    expect(api.hits.filter((h) => h.startsWith('/videos/search'))).toHaveLength(1);
    expect(await readdir(cacheDir).catch(() => [])).toEqual([]);

    const both = await fetchStockBroll(
      REQ,
      SCRIPT,
      { stockMedia: { search: stockOf({ pexels: true, pixabay: true }, cacheDir)!, cacheDir }, fetcher, ffmpeg },
      { planDir },
    );
    expect(both?.credits.map((c) => c.source)).toEqual(['pixabay']);
  });

  it('clip files obey the fetch rules: a clip on a private address is refused under the public-only rules', async () => {
    const { planDir, cacheDir } = dirs();
    await mkdir(planDir, { recursive: true });
    const strict = new HttpUrlFetcher({ allowPrivate: false, timeoutMs: 3000, maxBytes: 10_000_000, maxRedirects: 3 });
    const broll = await fetchStockBroll(
      REQ,
      SCRIPT,
      { stockMedia: { search: stockOf({ pexels: true }, cacheDir)!, cacheDir }, fetcher: strict, ffmpeg },
      { planDir },
    );
    expect(broll?.files).toEqual([]);
    expect(broll?.problem).toMatch(/pexels clip 101 could not be used: .*(private|loopback|address)/i);
    expect(api.hits.filter((h) => h.startsWith('/files/'))).toEqual([]);
  });
});
