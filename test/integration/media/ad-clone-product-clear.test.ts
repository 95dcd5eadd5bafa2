import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdAnalysis } from '../../../src/domain/ad-clone/ad-analysis.js';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import type { CutoutEngine } from '../../../src/engines/image/port.js';
import { scriptPatternOf } from '../../../src/pipelines/ad-clone/analysis/script-pattern.js';
import { cloneTemplate } from '../../../src/pipelines/ad-clone/clone-template.js';
import { renderTemplate } from '../../../src/pipelines/custom-templates/render-template.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { cssHex, describeMeasure, measureProductBox, ORANGE, productOnBackdrop } from '../../helpers/product-box-pixels.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
const WORDS = [w('Cold', 0.1, 0.4), w('all', 0.4, 0.6), w('day', 0.6, 1), w('hot', 1.2, 1.5), w('all', 1.5, 1.7), w('night', 1.7, 2.1)];

/**
 * A reference whose words sit where a product stands in the middle of the link's photos: a title
 * across the middle of every shot and captions just under it, both orange (no marker is near it).
 */
const analysis: AdAnalysis = {
  durationSeconds: 2.4,
  widthPx: 180,
  heightPx: 320,
  shots: [
    { index: 0, startSeconds: 0, endSeconds: 1.2, durationSeconds: 1.2 },
    { index: 1, startSeconds: 1.2, endSeconds: 2.4, durationSeconds: 1.2 },
  ],
  pacing: { shotCount: 2, averageShotSeconds: 1.2, shortestShotSeconds: 1.2, longestShotSeconds: 1.2, cutsPerMinute: 50 },
  texts: [0, 1].map((shotIndex) => ({
    shotIndex,
    atSeconds: shotIndex * 1.2 + 0.5,
    text: 'TRAIL READY',
    box: { x: 0.15, y: 0.44, width: 0.7, height: 0.05 },
    color: cssHex(ORANGE),
    words: 2,
    lines: 1,
    role: 'title' as const,
  })),
  captionLook: {
    position: { x: 0, y: 0.2 },
    region: 'middle' as never,
    color: cssHex(ORANGE),
    case: 'upper',
    wordsPerLine: 3,
    textHeight: 0.03,
    lineWidth: 0.7,
    shotShare: 1,
  },
  transcript: null,
  script: scriptPatternOf(WORDS),
  energy: { meanDb: -20, voiceDb: -18, backgroundDb: null, speechShare: 0.8, level: 'moderate', curveDb: [] },
};

async function renderClone(name: string, cutout: CutoutEngine | null) {
  const dir = fx.path(name);
  await mkdir(dir, { recursive: true });
  // The link's photo: the marked product in the middle of a plain studio backdrop, as shop photos are.
  const photo = await productOnBackdrop(join(dir, 'photo.png'), { w: 600, h: 800, side: 260, x: 170, y: 270 });
  const voice = await makeSpeech(join(dir, 'voice.wav'), 'Cold all day, hot all night.');
  const { template } = cloneTemplate({
    analysis,
    aspect: '9:16',
    pictureCount: 1,
    script: 'Cold all day, hot all night.',
    lines: ['Northpeak TrailFlask'],
    seed: 1,
  });
  const videoPath = join(dir, 'clone.mp4');
  await renderTemplate(
    template,
    {
      'Picture 1': { type: 'image', path: photo },
      Script: { type: 'voiceover', text: 'Cold all day, hot all night.', speech: { mp3Path: voice, durationSeconds: 2.3, words: WORDS } },
    },
    { accountId: 'acc', quality: 'render', videoPath, workDir: join(dir, 'work'), frame: { width: 360, height: 640 } },
    { ffmpeg: engine, speech: null as never, avatars: null, fetcher: null as never, musicCacheDir: join(dir, 'music'), defaultVoiceId: 'v', cutout },
  );
  return videoPath;
}

describe("Ad Clone: the reference's re-set text and captions never cover the product (pixels of a small render)", () => {
  it('a title and captions across the middle: the product moves clear of them, whole, all four corners shown', async () => {
    const videoPath = await renderClone('clone-cut', createBorderKeyCutout());
    const report: string[] = [];
    for (const t of [0.5, 1.6]) {
      const m = measureProductBox(await extractFrameRgb(videoPath, t, { width: 360, height: 640 }), { words: ORANGE });
      report.push(describeMeasure(`clone t=${t}`, m));
      for (const [name, n] of Object.entries(m.markers)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(30);
      expect(m.overlay.words!.frame, 'the title and the captions show').toBeGreaterThan(300);
      expect(m.overlay.words!.inside, "title or caption pixels inside the product's box").toBe(0);
      expect(m.share, 'the product stays large').toBeGreaterThan(0.05);
    }
    console.log(report.join('\n'));
  }, 90_000);

  it('the measure sees covered text: without the cut-out (the photo as the template places it, as before) the title lies on the product', async () => {
    const videoPath = await renderClone('clone-plain', null);
    const m = measureProductBox(await extractFrameRgb(videoPath, 0.5, { width: 360, height: 640 }), { words: ORANGE });
    console.log(describeMeasure('clone without the cut-out', m));
    expect(m.overlay.words!.inside).toBeGreaterThan(100);
  }, 90_000);
});
