import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceIdFor } from '../../../src/domain/catalog/voices.js';
import type { UrlFetcher } from '../../../src/engines/fetch/port.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { FakeStockMedia, type StockClip } from '../../../src/engines/stock-media/index.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan, type PrepareDeps } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { realSpeech } from '../../helpers/ad-plan-deps.js';
import { adVideoRequest } from '../../helpers/ad-video-request.js';
import { makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { makeStockClip } from '../../helpers/stock-api-mocks.js';

/**
 * The plan's hook: stock clips join the plan's videos with their credits; a library that fails,
 * or no_stock_broll, leaves the plan to the product's photos and the plan is still made.
 */
const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
const VOICE = voiceIdFor('espeak-ng', 'en-us');
const CLIP: StockClip = {
  source: 'pexels',
  id: '7',
  fileUrl: 'https://videos.pexels.test/7.mp4',
  width: 720,
  height: 1280,
  durationSeconds: 8,
  pageUrl: 'https://www.pexels.com/video/7/',
  author: 'A. Author',
  licence: 'Pexels License',
};
let fx: FixtureDir;
let downloads: string[] = [];
let deps: Omit<PrepareDeps, 'stockMedia'>;

beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-stock-plan-');
  makeStockClip(fx.path('clip.mp4'));
  await makeColorImage(fx.path('photo.png'), '0xD02090', { width: 64, height: 64 });
  // The product photo and the stock clip, as files: a plan only needs them on disk.
  const fetcher = {
    download: async (url: string, destPath: string) => {
      downloads.push(url);
      const video = url.endsWith('.mp4');
      await copyFile(fx.path(video ? 'clip.mp4' : 'photo.png'), destPath);
      return { finalUrl: url, contentType: video ? 'video/mp4' : 'image/png', sizeBytes: 1, path: destPath };
    },
  } as unknown as UrlFetcher;
  deps = { speech: await realSpeech(engines, ffmpeg), writeScript: builtInScriptWriter, fetcher, ffmpeg, musicCacheDir: fx.path('music') };
}, 30_000);
afterAll(async () => {
  if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
});

const facts = {
  title: 'Pink Trail Mug',
  description: 'A mug.',
  imageUrls: ['https://shop.test/mug.png'],
  videoUrls: [],
  aiIndustry: 'Household Products',
} as unknown as Parameters<typeof adVideoRequest>[0]['facts'];

async function plan(name: string, stock: FakeStockMedia | null, noStockBroll = false) {
  downloads = [];
  const dir = fx.path(name);
  await mkdir(dir, { recursive: true });
  const req = {
    ...adVideoRequest({ facts, voiceId: VOICE, seed: 1, videoLengthSeconds: 15 }),
    overrideScript: 'Ice stays frozen on the hottest hike.',
    noStockBroll,
  };
  return prepareAdPlan(
    req,
    { ...deps, stockMedia: stock ? { search: stock, cacheDir: fx.path(`${name}-cache`) } : null },
    { planDir: join(dir, 'plan'), workDir: join(dir, 'work') },
  );
}

describe('stock b-roll in the ad plan', () => {
  it('a clip found joins the videos after the product photo, with its credit', async () => {
    const stock = new FakeStockMedia([CLIP]);
    const p = await plan('found', stock);
    expect(p.files.images).toEqual(['image-0']);
    expect(p.files.videos).toEqual(['stock-0.mp4']);
    expect(p.stockBroll).toEqual({
      files: ['stock-0.mp4'],
      credits: [{ file: 'stock-0.mp4', source: 'pexels', pageUrl: CLIP.pageUrl, author: 'A. Author', licence: 'Pexels License', query: 'ice frozen home' }],
    });
    expect(stock.queries.map((q) => [q.query, q.orientation])).toEqual([['ice frozen home', 'portrait']]);
    expect(downloads).toContain(CLIP.fileUrl);
  }, 30_000);

  it('a library that fails: the plan is made from the photo, the reason kept', async () => {
    const p = await plan('failed', new FakeStockMedia([], 'Pexels answered 503 Service Unavailable'));
    expect(p.files.videos).toEqual([]);
    expect(p.files.images).toEqual(['image-0']);
    expect(p.stockBroll).toEqual({ files: [], credits: [], problem: 'Pexels answered 503 Service Unavailable' });
  }, 30_000);

  // Without a key (stockMedia null) the plan is the one every other URL-to-video test makes.
  it('no_stock_broll: nothing asked, the plan as without a key (no stockBroll at all)', async () => {
    const stock = new FakeStockMedia([CLIP]);
    const declined = await plan('declined', stock, true);
    expect(stock.queries).toEqual([]);
    expect(declined.files.videos).toEqual([]);
    expect(declined).not.toHaveProperty('stockBroll');
    expect(downloads).toEqual(['https://shop.test/mug.png']);
  }, 30_000);
});
