import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import type { AvatarClipMaker } from '../../../src/pipelines/avatar/clips/avatar-clip-maker.js';
import { planLayout } from '../../../src/pipelines/images/staging/layout.js';
import type { StagedLayerFiles } from '../../../src/pipelines/images/staging/staged-scene.js';
import { renderTalkingProduct, talkingStage } from '../../../src/pipelines/product-video/render-product-video.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { describeMeasure, hex, markedProduct, measureProductBox, YELLOW } from '../../helpers/product-box-pixels.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

const FRAMES = { '9:16': { width: 360, height: 640 }, '16:9': { width: 640, height: 360 }, '1:1': { width: 480, height: 480 } } as const;
type Box = { x: number; y: number; width: number; height: number };
const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A stage as the staging step lays it out (planLayout), the files named but only the boxes read. */
function stage(frame: { width: number; height: number }, product: { width: number; height: number }, showcase: boolean): StagedLayerFiles {
  const l = planLayout({ ...frame, product, ...(showcase ? { showcase: { width: product.width, height: product.height } } : {}) });
  return {
    ...frame,
    backgroundPng: '/bg.png',
    shadowPng: null,
    product: { png: '/product.png', box: l.product },
    ...(l.showcase ? { showcase: { png: '/showcase.png', box: l.showcase } } : {}),
    compositePng: '/still.png',
  };
}

describe('Product Video (talking): the presenter never stands over the product (planned boxes)', () => {
  it('every frame shape × product shape (square, tall, wide, very wide) × with and without a second view', async () => {
    let before = 0;
    let cases = 0;
    for (const frame of Object.values(FRAMES))
      for (const product of [
        { width: 400, height: 400 },
        { width: 200, height: 600 },
        { width: 600, height: 300 },
        { width: 900, height: 200 },
      ])
        for (const showcase of [false, true]) {
          cases++;
          const { layers, box } = await talkingStage(stage(frame, product, showcase), '/unused');
          const what = `${frame.width}x${frame.height} product ${product.width}x${product.height}${showcase ? ' + second view' : ''}`;
          expect(meets(box, layers.product.box), `${what}: presenter ${JSON.stringify(box)} over the product ${JSON.stringify(layers.product.box)}`).toBe(
            false,
          );
          if (layers.showcase) expect(meets(box, layers.showcase.box), `${what}: presenter over the second view`).toBe(false);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(frame.width);
          expect(box.width, `${what}: the presenter has room`).toBeGreaterThan(frame.width * 0.15);
          // The old rule: at least a third of the frame wide, whatever the room.
          const p = layers.product.box;
          const room = Math.max(p.x, frame.width - p.x - p.width);
          if (Math.min(frame.width * 0.45, Math.max(frame.width * 0.3, room * 0.95)) > room) before++;
        }
    console.log(`product video talking stages: ${cases} cases; the old presenter place met the product in ${before}`);
  });
});

describe('Product Video (talking): pixels of a small render', () => {
  for (const aspect of ['9:16', '16:9'] as const) {
    it(`${aspect}: a wide product, all four corners show, no presenter pixel inside its box`, async () => {
      const frame = FRAMES[aspect];
      const dir = fx.path(`pv-${aspect.replace(':', 'x')}`);
      await mkdir(dir, { recursive: true });
      const base = stage(frame, { width: 700, height: 420 }, false);
      const p = base.product.box;
      await exec('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=0xDDE3EA:s=${frame.width}x${frame.height}`,
        '-frames:v',
        '1',
        join(dir, 'bg.png'),
      ]);
      await markedProduct(join(dir, 'square.png'), 300);
      await exec('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'square.png'), '-vf', `scale=${p.width}:${p.height}`, join(dir, 'product.png')]);
      const layers: StagedLayerFiles = {
        ...base,
        backgroundPng: join(dir, 'bg.png'),
        product: { png: join(dir, 'product.png'), box: p },
        compositePng: join(dir, 'bg.png'),
      };
      const voice = await makeSpeech(join(dir, 'voice.wav'), 'Cold all day.');
      const presenter: AvatarClipMaker = {
        canCutOut: () => true,
        async make(req) {
          const path = join(dir, 'presenter.mp4');
          await exec('ffmpeg', [
            '-v',
            'error',
            '-y',
            '-f',
            'lavfi',
            '-i',
            `color=c=${hex(YELLOW)}:s=${req.widthPx}x${req.heightPx}:r=30:d=${req.durationSeconds}`,
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-pix_fmt',
            'yuv420p',
            path,
          ]);
          return { path, hasAlpha: false };
        },
      };
      const out = await renderTalkingProduct(
        { accountId: 'a', layers, script: 'Cold all day.', avatarId: 'x', voiceId: 'v', outputPath: join(dir, 'talking.mp4'), workDir: dir },
        {
          speech: { synthesize: async () => ({ mp3Path: voice, durationSeconds: 1.2, words: [] }) },
          avatars: presenter,
          ffmpeg: engine,
        },
      );
      const m = measureProductBox(await extractFrameRgb(out.videoPath, 0.6, frame), { presenter: YELLOW });
      console.log(describeMeasure(`product video ${aspect}`, m));
      for (const [name, n] of Object.entries(m.markers)) expect(n, `${name} corner`).toBeGreaterThan(30);
      expect(m.overlay.presenter!.frame, 'the presenter shows').toBeGreaterThan(frame.width * frame.height * 0.05);
      expect(m.overlay.presenter!.inside).toBe(0);
    }, 60_000);
  }
});
