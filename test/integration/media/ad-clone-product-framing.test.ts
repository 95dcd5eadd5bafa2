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
import { describeMeasure, measureProductBox, productOnBackdrop } from '../../helpers/product-box-pixels.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const W = 360;
const H = 640;
const w = (word: string, startSeconds: number, endSeconds: number) => ({ word, startSeconds, endSeconds });
const WORDS = [w('Cold', 0.1, 0.4), w('all', 0.4, 0.6), w('day', 0.6, 1), w('hot', 1.2, 1.5), w('all', 1.5, 1.7), w('night', 1.7, 2.1)];
const SHOT = 0.8;

/** A three-shot reference with no text of its own: only the clone's captions are laid over its pictures. */
const analysis: AdAnalysis = {
  durationSeconds: SHOT * 3,
  widthPx: 180,
  heightPx: 320,
  shots: [0, 1, 2].map((index) => ({ index, startSeconds: index * SHOT, endSeconds: (index + 1) * SHOT, durationSeconds: SHOT })),
  pacing: { shotCount: 3, averageShotSeconds: SHOT, shortestShotSeconds: SHOT, longestShotSeconds: SHOT, cutsPerMinute: 75 },
  texts: [],
  captionLook: null,
  transcript: null,
  script: scriptPatternOf(WORDS),
  energy: { meanDb: -20, voiceDb: -18, backgroundDb: null, speechShare: 0.8, level: 'moderate', curveDb: [] },
};

async function renderClone(name: string, productPictures: boolean, cutout: CutoutEngine | null = createBorderKeyCutout()) {
  const dir = fx.path(name);
  await mkdir(dir, { recursive: true });
  // A landscape shop photo (600×400) whose product is half its width: a 9:16 crop of it (225 px wide) cuts the product.
  const photo = await productOnBackdrop(join(dir, 'photo.png'), { w: 600, h: 400, side: 300, x: 150, y: 60 });
  const voice = await makeSpeech(join(dir, 'voice.wav'), 'Cold all day, hot all night.');
  const { template } = cloneTemplate({ analysis, aspect: '9:16', pictureCount: 1, script: 'Cold all day, hot all night.', lines: ['Pikolo Duo'], seed: 0 });
  const videoPath = join(dir, 'clone.mp4');
  await renderTemplate(
    template,
    {
      'Picture 1': { type: 'image', path: photo },
      Script: { type: 'voiceover', text: 'Cold all day, hot all night.', speech: { mp3Path: voice, durationSeconds: 2.3, words: WORDS } },
    },
    { accountId: 'acc', quality: 'render', videoPath, workDir: join(dir, 'work'), frame: { width: W, height: H }, productPictures },
    { ffmpeg: engine, speech: null as never, avatars: null, fetcher: null as never, musicCacheDir: join(dir, 'music'), defaultVoiceId: 'v', cutout },
  );
  return videoPath;
}

describe("Ad Clone: a landscape product photo at 9:16 is framed around the product's box, whole, in every shot", () => {
  it('every shot shows all four corners of the product, off the frame edge, ≥ 35 % of the width; the shots differ', async () => {
    const videoPath = await renderClone('framed', true);
    const report: string[] = [];
    const widths: number[] = [];
    const means: number[] = [];
    for (const t of [0.15, 0.65, SHOT + 0.15, SHOT + 0.65, 2 * SHOT + 0.15, 2 * SHOT + 0.65]) {
      const frame = await extractFrameRgb(videoPath, t, { width: W, height: H });
      const m = measureProductBox(frame, {});
      report.push(describeMeasure(`t=${t.toFixed(2)}`, m));
      for (const [corner, n] of Object.entries(m.markers)) expect(n, `${corner} corner at ${t} s`).toBeGreaterThan(30);
      expect(m.box, `the product at ${t} s`).not.toBeNull();
      const box = m.box!;
      expect(box.x0, 'not cut at the left edge').toBeGreaterThan(2);
      expect(box.x1, 'not cut at the right edge').toBeLessThan(W - 3);
      expect((box.x1 - box.x0) / W, 'the product spans at least 35 % of the width').toBeGreaterThanOrEqual(0.35);
      if (t % SHOT > 0.5) {
        widths.push(box.x1 - box.x0);
        let sum = 0;
        for (let i = 0; i < frame.data.length; i++) sum += frame.data[i]!;
        means.push(sum / frame.data.length);
      }
    }
    console.log(report.join('\n'));
    // Three framings: the product at different sizes, or on a different backdrop.
    const differ = (a: number, b: number) => Math.abs(widths[a]! - widths[b]!) > W * 0.03 || Math.abs(means[a]! - means[b]!) > 8;
    expect(differ(0, 1), 'shots 1 and 2 framed alike').toBe(true);
    expect(differ(1, 2), 'shots 2 and 3 framed alike').toBe(true);
    expect(differ(0, 2), 'shots 1 and 3 framed alike').toBe(true);
  }, 90_000);

  it('the measure sees a cut product: the photo cropped to the frame as placed (as before), corners are lost', async () => {
    const videoPath = await renderClone('placed', false, null);
    const m = measureProductBox(await extractFrameRgb(videoPath, 0.15, { width: W, height: H }), {});
    console.log(describeMeasure('placed', m));
    expect(Math.min(...Object.values(m.markers))).toBeLessThan(30);
  }, 90_000);
});
