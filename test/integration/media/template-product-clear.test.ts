import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import type { CutoutEngine } from '../../../src/engines/image/port.js';
import { renderTemplate } from '../../../src/pipelines/custom-templates/render-template.js';
import { parseTemplate } from '../../../src/domain/custom-templates/template-format.js';
import { loadTemplateCatalog } from '../../../src/pipelines/custom-templates/template-files.js';
import { makeFixtureDir, makeSpeech, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';
import { describeMeasure, measureProductBox, ORANGE, productOnBackdrop } from '../../helpers/product-box-pixels.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const SIZE = { width: 640, height: 360 };
const WORDS = ['Cold', 'all', 'day', 'and', 'hot', 'all', 'night', 'on', 'every', 'trail'].map((word, i) => ({
  word,
  startSeconds: 0.2 + i * 0.45,
  endSeconds: 0.55 + i * 0.45,
}));

/**
 * Product Showcase (wide): the product picture stands whole in its box; the karaoke captions run
 * along the bottom of the frame, across the box's foot. A client's photo of a tall product fills
 * that box to its foot.
 */
async function renderShowcase(name: string, cutout: CutoutEngine | null) {
  const dir = fx.path(name);
  await mkdir(dir, { recursive: true });
  const catalog = await loadTemplateCatalog(join(dir, 'none'), () => {});
  const template = catalog.find((e) => e.template.name === 'Product Showcase (wide)')!.template;
  const photo = await productOnBackdrop(join(dir, 'photo.png'), { w: 400, h: 400, side: 330, x: 35, y: 60 });
  const voice = await makeSpeech(join(dir, 'voice.wav'), WORDS.map((w) => w.word).join(' '));
  const music = await makeTone(join(dir, 'music.wav'), 7, 220, 0.05);
  const videoPath = join(dir, 'showcase.mp4');
  await renderTemplate(
    template,
    {
      'Product Image': { type: 'image', path: photo },
      Music: { type: 'audio', path: music },
      Script: { type: 'voiceover', text: WORDS.map((w) => w.word).join(' '), speech: { mp3Path: voice, durationSeconds: 4.8, words: WORDS } },
    },
    { accountId: 'acc', quality: 'render', videoPath, workDir: join(dir, 'work'), frame: SIZE },
    { ffmpeg: engine, speech: null as never, avatars: null, fetcher: null as never, musicCacheDir: join(dir, 'music'), defaultVoiceId: 'v', cutout },
  );
  return videoPath;
}

describe('Custom Templates: a product picture under captions keeps its product clear (pixels of a small render)', () => {
  it('Product Showcase (wide): in both scenes the product shows whole, with no pixel of text or captions in its body', async () => {
    const videoPath = await renderShowcase('showcase-cut', createBorderKeyCutout());
    const report: string[] = [];
    // Mid first scene (the captions speaking), mid second scene.
    for (const t of [1.6, 3.1, 5.2]) {
      const m = measureProductBox(await extractFrameRgb(videoPath, t, SIZE), {});
      report.push(describeMeasure(`showcase t=${t}`, m));
      for (const [name, n] of Object.entries(m.markers)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(30);
      expect(m.foreign, `pixels laid over the product's body at ${t} s`).toBe(0);
      expect(m.share).toBeGreaterThan(0.08);
    }
    console.log(report.join('\n'));
  }, 120_000);

  it("a client's template with a SALE tag across the product picture and captions over its foot: the product moves clear (before: covered)", async () => {
    const parsed = parseTemplate({
      format: 1,
      id: '0f5a1c2e-7d1b-4f3a-9a8e-3c2b1a0f9e8d',
      name: 'Client sale card',
      aspect: '9:16',
      length: { rule: 'fixed' },
      slots: {
        Product: { type: 'image', required: true, default: { draw: 'object', object: 'bottle', colors: ['#c81e3a', '#ecebe8'] } },
        Tag: { type: 'text', default: 'SALE -30%' },
        Script: { type: 'voiceover', required: true },
      },
      scenes: [
        {
          seconds: 2,
          background: { color: '#1B1F3B' },
          layers: [
            { kind: 'image', slot: 'Product', box: { x: 0.05, y: 0.1, width: 0.9, height: 0.6 }, fit: 'contain' },
            { kind: 'text', slot: 'Tag', box: { x: 0.1, y: 0.36, width: 0.8, height: 0.08 }, style: { sizePx: 110, color: '#FF8000', background: '#FFFFFF' } },
          ],
        },
      ],
      captions: { slot: 'Script', style: { style: 'normal-black', position: { x: 0, y: 0.15 }, sizePx: 80 } },
    });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const size = { width: 360, height: 640 };
    const measures: Record<string, ReturnType<typeof measureProductBox>> = {};
    for (const [name, cutout] of [
      ['after', createBorderKeyCutout()],
      ['before', null],
    ] as const) {
      const dir = fx.path(`client-${name}`);
      await mkdir(dir, { recursive: true });
      const photo = await productOnBackdrop(join(dir, 'photo.png'), { w: 400, h: 400, side: 300, x: 50, y: 50 });
      const voice = await makeSpeech(join(dir, 'voice.wav'), 'Cold all day.');
      const words = WORDS.slice(0, 3);
      const videoPath = join(dir, 'sale.mp4');
      await renderTemplate(
        parsed.template,
        {
          Product: { type: 'image', path: photo },
          Script: { type: 'voiceover', text: 'Cold all day.', speech: { mp3Path: voice, durationSeconds: 1.5, words } },
        },
        { accountId: 'acc', quality: 'render', videoPath, workDir: join(dir, 'work'), frame: size },
        { ffmpeg: engine, speech: null as never, avatars: null, fetcher: null as never, musicCacheDir: join(dir, 'music'), defaultVoiceId: 'v', cutout },
      );
      measures[name] = measureProductBox(await extractFrameRgb(videoPath, 0.7, size), { tag: ORANGE });
      console.log(describeMeasure(`client template ${name}`, measures[name]!));
    }
    const after = measures.after!;
    for (const [name, n] of Object.entries(after.markers)) expect(n, `${name} corner`).toBeGreaterThan(30);
    expect(after.overlay.tag!.frame, 'the tag shows').toBeGreaterThan(200);
    expect(after.foreign, "pixels laid over the product's body").toBe(0);
    expect(measures.before!.foreign, 'before, the tag and captions lay over it').toBeGreaterThan(500);
  }, 120_000);
});
