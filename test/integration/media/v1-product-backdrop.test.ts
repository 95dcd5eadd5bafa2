import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import type { AvatarClipMaker } from '../../../src/pipelines/avatar/clips/avatar-clip-maker.js';
import type { TalkingPlan } from '../../../src/pipelines/video/talking-plan.js';
import { renderTalkingVideo } from '../../../src/pipelines/video/talking-video.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { cssHex, describeMeasure, hex, measureProductBox, ORANGE, productOnBackdrop, YELLOW } from '../../helpers/product-box-pixels.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

/**
 * The presenter as an opaque yellow clip filling whatever it is given: its place alone (the new
 * layout), or — asked to draw over the background picture — a figure-sized block standing in the
 * middle of the picture, as a drawn presenter does.
 */
const yellowPresenter = (dir: string): AvatarClipMaker => ({
  canCutOut: () => true,
  async make(req) {
    const path = join(dir, `presenter-${req.widthPx}x${req.heightPx}-${req.background?.kind}.mp4`);
    const size = `${req.widthPx}x${req.heightPx}`;
    const input =
      req.background?.kind === 'image'
        ? [
            '-loop',
            '1',
            '-i',
            req.background.path,
            '-filter_complex',
            `[0:v]scale=${size}:force_original_aspect_ratio=increase,crop=${req.widthPx}:${req.heightPx},drawbox=x=iw*0.25:y=ih*0.3:w=iw*0.5:h=ih*0.7:color=${hex(YELLOW)}:t=fill,fps=30[v]`,
            '-map',
            '[v]',
          ]
        : ['-f', 'lavfi', '-i', `color=c=${hex(YELLOW)}:s=${size}:r=30`];
    await exec('ffmpeg', [
      '-v',
      'error',
      '-y',
      ...input,
      '-t',
      String(req.durationSeconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      path,
    ]);
    return { path, hasAlpha: true };
  },
});

async function render(aspectRatio: AspectRatio, withCutout: boolean) {
  const name = `${aspectRatio.replace(':', 'x')}-${withCutout ? 'cut' : 'plain'}`;
  const planDir = fx.path(`plan-${name}`);
  const workDir = fx.path(`work-${name}`);
  const outputDir = fx.path(`out-${name}`);
  for (const d of [planDir, workDir, outputDir]) await mkdir(d, { recursive: true });
  // The trial's case: a product photo given as the background (the product off-centre, as shop photos often are).
  await productOnBackdrop(join(planDir, 'background.png'), { w: 600, h: 400, side: 180, x: 330, y: 110 });
  await makeSpeech(join(planDir, 'voice.wav'), 'Cold all day.');
  const words = ['Cold', 'all', 'day'].map((word, i) => ({ word, startSeconds: 0.1 + i * 0.3, endSeconds: 0.38 + i * 0.3 }));
  const plan: TalkingPlan = {
    aspectRatio,
    avatarId: 'a1',
    speechSeconds: 1.2,
    words,
    background: { kind: 'image', file: 'background.png' },
    greenScreen: false,
    transparent: false,
    caption: { hidden: false, setting: { text_color: cssHex(ORANGE), highlight_text_color: cssHex(ORANGE) } },
    files: { voice: 'voice.wav', background: 'background.png', music: null },
  };
  const out = await renderTalkingVideo(
    plan,
    { accountId: 'acc', planDir, quality: 'preview', outputDir },
    { ffmpeg: engine, avatars: yellowPresenter(workDir), cutout: withCutout ? createBorderKeyCutout() : null },
    { workDir },
  );
  return out.videoPath;
}

describe('AI Avatar v1: the presenter and the captions never cover the product of the background picture (pixels of small renders)', () => {
  for (const aspectRatio of ['9:16', '16:9', '1:1'] as AspectRatio[]) {
    it(`${aspectRatio}: all four corners of the product show, no presenter or caption pixel inside its box`, async () => {
      const videoPath = await render(aspectRatio, true);
      const size = frameSizeFor(aspectRatio, 'preview');
      const report: string[] = [];
      for (const t of [0.3, 0.9]) {
        const m = measureProductBox(await extractFrameRgb(videoPath, t, size), { presenter: YELLOW, captions: ORANGE });
        report.push(describeMeasure(`${aspectRatio} t=${t}`, m));
        for (const [name, n] of Object.entries(m.markers)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(30);
        expect(m.overlay.presenter!.frame, 'the presenter shows').toBeGreaterThan(size.width * size.height * 0.2);
        expect(m.overlay.captions!.frame, 'the captions show').toBeGreaterThan(50);
        expect(m.overlay.presenter!.inside, "presenter pixels inside the product's box").toBe(0);
        expect(m.overlay.captions!.inside, "caption pixels inside the product's box").toBe(0);
        // Whole and large: inside the frame with a margin, over a twelfth of it.
        expect(m.box!.x0).toBeGreaterThan(2);
        expect(m.box!.y0).toBeGreaterThan(2);
        expect(m.box!.x1).toBeLessThan(size.width - 3);
        expect(m.box!.y1).toBeLessThan(size.height - 3);
        expect(m.share).toBeGreaterThan(1 / 12);
      }
      console.log(report.join('\n'));
    }, 60_000);
  }

  it('the measure sees a covered product: without the cut-out (the presenter drawn over the picture, as before) corners of the product are hidden', async () => {
    const videoPath = await render('9:16', false);
    const m = measureProductBox(await extractFrameRgb(videoPath, 0.3, frameSizeFor('9:16', 'preview')), { presenter: YELLOW, captions: ORANGE });
    console.log(describeMeasure('9:16 without the cut-out', m));
    expect(Object.values(m.markers).filter((n) => n < 30).length).toBeGreaterThan(0);
  }, 60_000);
});
