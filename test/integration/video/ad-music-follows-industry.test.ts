import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMusicTracks } from '../../../src/domain/catalog/music.js';
import { MUSIC_FOR_INDUSTRY } from '../../../src/domain/catalog/music-for-industry.js';
import { voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { createSpeechEngines } from '../../../src/engines/speech/index.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { defaultTrackId } from '../../../src/pipelines/music/background-music.js';
import { cachedTrackPath } from '../../../src/pipelines/music/render-track.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { prepareAdPlan } from '../../../src/pipelines/video/prepare-ad-plan.js';
import { INDUSTRY_PAGES, productPageHtml } from '../../fixtures/industry-pages/index.js';
import { placeholderDownloads, realSpeech } from '../../helpers/ad-plan-deps.js';
import { adVideoRequest } from '../../helpers/ad-video-request.js';

/**
 * The music an ad plan takes when the request names none: a track of its product's industry.
 * Every library track is put in the cache beforehand as a file that names it, so the plan's
 * music file tells which track was chosen without synthesising any (the speech is real).
 */
const ffmpeg = createFfmpegEngine();
const engines = createSpeechEngines();
const VOICE = voiceIdFor('espeak-ng', 'en-us');
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ad-music-'));
  await mkdir(join(dir, 'music'), { recursive: true });
  for (const track of listMusicTracks()) await writeFile(cachedTrackPath(track.id, join(dir, 'music')), `track:${track.id}`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function factsOf(slug: string) {
  const p = INDUSTRY_PAGES.find((x) => x.slug === slug)!;
  const page = readProductPage(productPageHtml(p), `https://shop.test/p/${slug}`);
  return factsFrom({ ...page, siteName: page.siteName ?? null, brand: page.brand ?? null }, slug);
}

describe("an ad plan's default music follows the product's industry", () => {
  for (const [slug, industry] of [
    ['trailflask-water-bottle', 'Sports & Outdoors'],
    ['northbean-cold-brew', 'Food & Beverage'],
  ] as const) {
    it(`${slug}: a ${industry} track`, async () => {
      const fitting = MUSIC_FOR_INDUSTRY[industry]!;
      // A seed whose pick from the whole library would not fit: only the industry can make it fit.
      const seed = Array.from({ length: 100 }, (_, i) => i + 1).find(
        (s) => !fitting.includes(listMusicTracks().find((t) => t.id === defaultTrackId(s))!.categorySlug),
      )!;
      const facts = factsOf(slug);
      expect(facts.aiIndustry).toBe(industry);
      const base = adVideoRequest({ facts, voiceId: VOICE, seed, videoLengthSeconds: 15 });
      const planDir = join(dir, slug, 'plan');
      const plan = await prepareAdPlan(
        { ...base, music: { none: false, url: null, volume: null } },
        {
          speech: await realSpeech(engines, ffmpeg),
          writeScript: builtInScriptWriter,
          fetcher: placeholderDownloads,
          ffmpeg,
          musicCacheDir: join(dir, 'music'),
        },
        { planDir, workDir: join(dir, slug, 'work') },
      );
      expect(plan.files.music).not.toBeNull();
      const trackId = (await readFile(join(planDir, plan.files.music!), 'utf8')).replace('track:', '');
      const track = listMusicTracks().find((t) => t.id === trackId);
      expect(track, 'the plan took a library track').toBeDefined();
      expect(fitting).toContain(track!.categorySlug);
    }, 120_000);
  }
});
