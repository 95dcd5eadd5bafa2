import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import { blankImage, decodeImage, encodePng } from '../../../src/pipelines/images/raster-io.js';
import { drawProductOver } from '../../../src/pipelines/shorts/illustrator/draw-product.js';
import { renderShort } from '../../../src/pipelines/shorts/render-short.js';
import type { ShortPlan } from '../../../src/pipelines/shorts/short-plan.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { cssHex, describeMeasure, markedProduct, measureProductBox, ORANGE } from '../../helpers/product-box-pixels.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const WORDS = ['Cold', 'all', 'day', 'hot', 'all', 'night'].map((word, i) => ({ word, startSeconds: 0.1 + i * 0.3, endSeconds: 0.38 + i * 0.3 }));

/**
 * An AI Short whose two scenes show the product, drawn into each scene's picture as the
 * illustrator and the remote painter both do (drawProductOver, at its main spot), then zoomed and
 * panned by the scenes' motions under the captions. A tall product photo (the worst case for the
 * captions below it): the marked product as a cut-out taller than wide.
 */
async function renderProductShort(aspectRatio: AspectRatio, caption: ShortPlan['caption']['setting']) {
  const dir = fx.path(`short-${aspectRatio.replace(':', 'x')}-${caption?.offset ? 'client' : 'default'}`);
  await mkdir(join(dir, 'scenes'), { recursive: true });
  const product = await decodeImage(await markedProduct(join(dir, 'product.png'), 300));
  // Drawn at the preview's size (the plan draws at the render's; the layout is in shares of the frame).
  const full = frameSizeFor(aspectRatio, 'preview');
  for (const [i, mainY] of [0.3, 0.42].entries()) {
    const scene = blankImage(full.width, full.height, [40, 44, 70, 255]);
    const short = Math.min(full.width, full.height);
    const drawn = await drawProductOver(scene, { image: product, cutOut: true }, { x: full.width / 2, y: full.height * mainY, size: short * 0.56, angle: 0 });
    await writeFile(join(dir, 'scenes', `${i}.png`), await encodePng(drawn));
  }
  await copyFile(await makeSpeech(join(dir, 'v.wav'), 'Cold all day, hot all night.'), join(dir, 'voice.wav'));
  const plan: ShortPlan = {
    aspectRatio,
    style: 'realistic' as ShortPlan['style'],
    speechSeconds: 2,
    words: WORDS,
    scenes: [
      { text: 'Cold all day,', startSeconds: 0, endSeconds: 1, picture: 'scenes/0.png', drawnBy: 'built-in', icons: [], shows: 'product', motion: 'zoom-in' },
      {
        text: 'hot all night.',
        startSeconds: 1,
        endSeconds: 2,
        picture: 'scenes/1.png',
        drawnBy: 'built-in',
        icons: [],
        shows: 'product',
        motion: 'slide-left',
      },
    ],
    caption: { hidden: false, setting: caption },
    music: null,
    voiceoverVolume: 1,
    files: { voice: 'voice.wav' },
  };
  const out = await renderShort(plan, { planDir: dir, quality: 'preview', outputDir: dir }, { ffmpeg: engine }, { workDir: dir });
  return out.videoPath;
}

describe('AI Shorts: captions never cover the product a scene shows (pixels of small renders)', () => {
  for (const aspectRatio of ['9:16', '16:9', '1:1'] as AspectRatio[]) {
    it(`${aspectRatio}: the product whole in both scenes through their moves, no caption pixel inside its box`, async () => {
      const videoPath = await renderProductShort(aspectRatio, { text_color: cssHex(ORANGE), highlight_text_color: cssHex(ORANGE) });
      const size = frameSizeFor(aspectRatio, 'preview');
      const report: string[] = [];
      // Each scene near its end: the zoom and the pan at their furthest.
      for (const t of [0.5, 0.75, 1.5, 1.9]) {
        const m = measureProductBox(await extractFrameRgb(videoPath, t, size), { captions: ORANGE });
        report.push(describeMeasure(`${aspectRatio} t=${t}`, m));
        for (const [name, n] of Object.entries(m.markers)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(20);
        expect(m.overlay.captions!.inside, "caption pixels inside the product's box").toBe(0);
      }
      console.log(report.join('\n'));
    }, 90_000);
  }
});
