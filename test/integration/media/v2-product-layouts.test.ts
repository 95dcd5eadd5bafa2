import { execFile } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import type { AvatarClipMaker } from '../../../src/pipelines/avatar/clips/avatar-clip-maker.js';
import { renderAvatarScenes } from '../../../src/pipelines/video/avatar-scenes/render-avatar-scenes.js';
import { totalSeconds, type AvatarScenesPlan, type PlannedScene } from '../../../src/pipelines/video/avatar-scenes/scene-plan.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { SCENE_LAYOUTS } from '../../../src/pipelines/video/avatar-scenes/scene-styles.js';
import type { V2VisualStyle } from '../../../src/domain/avatars/avatar-video-spec.js';
import { streamDurations } from '../../helpers/loudness-measure.js';
import { makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

type Rgb = [number, number, number];
/** Corner markers of the product picture, one colour each, so a cut or covered corner is missed. */
const MARKERS: Record<string, Rgb> = { red: [235, 20, 20], blue: [20, 40, 235], magenta: [235, 20, 235], cyan: [20, 225, 230] };
/** A call to action's label panel and logo, colours no marker, product or presenter pixel is near. */
const LABEL: Rgb = [255, 128, 0];
const LOGO: Rgb = [255, 128, 0];
/** The presenter: an opaque clip of one colour that no marker or product pixel is near. */
const PRESENTER: Rgb = [250, 230, 0];
const hex = (c: number[]) => `0x${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const near = (data: Buffer, i: number, c: Rgb) => Math.hypot(data[i * 3]! - c[0], data[i * 3 + 1]! - c[1], data[i * 3 + 2]! - c[2]) < 70;

/** A square product shot: green with a coloured marker in each corner (12 % of its side). */
async function markedProduct(path: string, side = 600): Promise<string> {
  const m = Math.round(side * 0.12);
  const boxes = [
    ['red', 0, 0],
    ['blue', side - m, 0],
    ['magenta', 0, side - m],
    ['cyan', side - m, side - m],
  ] as const;
  const draw = boxes.map(([c, x, y]) => `drawbox=x=${x}:y=${y}:w=${m}:h=${m}:color=${hex(MARKERS[c]!)}:t=fill`).join(',');
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x30A040:s=${side}x${side},${draw}`, '-frames:v', '1', path]);
  return path;
}

/** Avatar clips as the real maker returns them (the slot's size, the window's length), but one opaque colour. */
const opaqueAvatars = (dir: string): AvatarClipMaker => ({
  async make(req) {
    const path = join(dir, `avatar-${req.widthPx}x${req.heightPx}-${Math.round(req.durationSeconds * 1000)}.mp4`);
    await exec('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${hex(PRESENTER)}:s=${req.widthPx}x${req.heightPx}:r=30:d=${req.durationSeconds}`,
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

function scene(visualStyle: V2VisualStyle, over: Partial<PlannedScene> = {}): PlannedScene {
  return {
    durationSeconds: 0.6,
    voice: { file: 'silence.mp3', volume: 1, spoken: false },
    words: [],
    avatar: { id: 'a1', name: 'Amara Okafor', offset: { x: 0, y: 0 }, scale: 1, style: 'normal', hidden: false },
    background: { kind: 'image', file: 'product.png', fit: 'whole', motion: null },
    caption: { hidden: true, override: false, setting: null },
    transitionIn: null,
    transitionOut: null,
    visualStyle,
    cta: null,
    ...over,
  };
}

async function render(name: string, plan: Omit<AvatarScenesPlan, 'durationSeconds'>, planDir: string) {
  const outputDir = fx.path(`${name}-out`);
  const workDir = fx.path(`${name}-work`);
  await mkdir(outputDir, { recursive: true });
  await mkdir(workDir, { recursive: true });
  const full = { ...plan, durationSeconds: totalSeconds(plan.scenes, plan.endCard) };
  return renderAvatarScenes(
    full,
    { accountId: 'acc', planDir, quality: 'preview', outputDir },
    { ffmpeg: engine, avatars: opaqueAvatars(workDir), cutout: createBorderKeyCutout() },
    { workDir },
  );
}

describe('AI Avatar v2 layouts keep the product whole and clear of the presenter (pixels of small renders)', () => {
  const styles = Object.keys(SCENE_LAYOUTS) as V2VisualStyle[];

  for (const aspectRatio of ['9:16', '16:9'] as AspectRatio[]) {
    it(`${aspectRatio}: every style shows all four corners of the product, and no presenter pixel inside the product's box`, async () => {
      const planDir = fx.path(`plan-${aspectRatio.replace(':', 'x')}`);
      await mkdir(planDir, { recursive: true });
      await markedProduct(join(planDir, 'product.png'));
      // The end card's picture: the marked product small on a plain studio backdrop (the cut-out finds it).
      await markedProduct(join(planDir, 'small.png'), 160);
      await exec('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=0xE6E9EE:s=400x400',
        '-i',
        join(planDir, 'small.png'),
        '-filter_complex',
        'overlay=120:90',
        '-frames:v',
        '1',
        join(planDir, 'end.png'),
      ]);
      await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '0.6', join(planDir, 'silence.mp3')]);
      await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${hex(LOGO)}:s=96x96`, '-frames:v', '1', join(planDir, 'logo.png')]);
      // One video, one scene per style, no transitions: each style's frame is the middle of its scene. Every
      // scene carries a call to action (the logo and a label, where the request gives no place), and so does the end card.
      const cta = { logo: { file: 'logo.png', offset: null, scale: 0.2 }, caption: { text: 'Shop the TrailFlask', setting: { background_color: '#FF8000' } } };
      const out = await render(
        `styles-${aspectRatio.replace(':', 'x')}`,
        {
          aspectRatio,
          scenes: styles.map((s) => scene(s, { cta })),
          endCard: { seconds: 0.6, background: { kind: 'image', file: 'end.png' }, cta },
          music: null,
        },
        planDir,
      );
      const size = frameSizeFor(aspectRatio, 'preview');
      const report: string[] = [];
      for (const [i, style] of [...styles, 'end card' as const].entries()) {
        const frame = await extractFrameRgb(out.videoPath, i * 0.6 + 0.3, size);
        const { width, height, data } = frame;
        const counts: Record<string, number> = Object.fromEntries(Object.keys(MARKERS).map((k) => [k, 0]));
        const box = { x0: width, y0: height, x1: -1, y1: -1 };
        let presenter = 0;
        let cta = 0;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const i3 = y * width + x;
            if (near(data, i3, PRESENTER)) presenter++;
            if (near(data, i3, LABEL) || near(data, i3, LOGO)) cta++;
            for (const [name, c] of Object.entries(MARKERS))
              if (near(data, i3, c)) {
                counts[name]! += 1;
                box.x0 = Math.min(box.x0, x);
                box.y0 = Math.min(box.y0, y);
                box.x1 = Math.max(box.x1, x);
                box.y1 = Math.max(box.y1, y);
              }
          }
        // Inside the product's box (its markers' bounds, less 2 px of colour bleed) no presenter pixel shows.
        let covered = 0;
        let ctaCovering = 0;
        for (let y = box.y0 + 2; y <= box.y1 - 2; y++)
          for (let x = box.x0 + 2; x <= box.x1 - 2; x++) {
            if (near(data, y * width + x, PRESENTER)) covered++;
            if (near(data, y * width + x, LABEL) || near(data, y * width + x, LOGO)) ctaCovering++;
          }
        report.push(
          `${style}: markers ${Object.values(counts).join('/')} box ${box.x0},${box.y0}-${box.x1},${box.y1} presenter ${presenter} inside ${covered}; label+logo ${cta} inside ${ctaCovering}`,
        );
        for (const [name, n] of Object.entries(counts)) expect(n, `${style}: ${name} corner`).toBeGreaterThan(30);
        expect(covered, `${style}: presenter pixels inside the product's box`).toBe(0);
        // The scene's label and logo (and the end card's) show, and never inside the product's box.
        expect(cta, `${style}: the label and the logo show`).toBeGreaterThan(300);
        expect(ctaCovering, `${style}: label or logo pixels inside the product's box`).toBe(0);
        if (style !== 'DramaticFullProduct' && style !== 'end card') expect(presenter, `${style}: the presenter shows`).toBeGreaterThan(500);
      }
      if (process.env.KEEP_MEDIA) console.log(report.join('\n'));
    }, 240_000);
  }

  it('a 2-scene v2 video: its video and audio streams end within one frame of each other, and the speech is whole', async () => {
    const planDir = fx.path('plan-av');
    await mkdir(planDir, { recursive: true });
    await markedProduct(join(planDir, 'product.png'), 200);
    const voices = [await makeSpeech(join(planDir, 'v1.wav'), 'Cold all day.'), await makeSpeech(join(planDir, 'v2.wav'), 'Shop the bottle now.')];
    const seconds: number[] = [];
    for (const [i, v] of voices.entries()) {
      await copyFile(v, join(planDir, `scene-${i + 1}.wav`));
      const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', v]);
      seconds.push(Number(stdout.trim()));
    }
    const scenes = seconds.map((s, i) =>
      scene('SideBySide', { durationSeconds: s, voice: { file: `scene-${i + 1}.wav`, volume: 1, spoken: true }, transitionOut: i === 0 ? 'fade' : null }),
    );
    const out = await render(
      'av',
      { aspectRatio: '16:9', scenes, endCard: { seconds: 1, background: { kind: 'color', color: '#203040' }, cta: null }, music: null },
      planDir,
    );
    const d = await streamDurations(out.videoPath);
    const expected = seconds[0]! + seconds[1]! + 1;
    console.log(`v2 streams: video ${d.videoSeconds.toFixed(3)} s, audio ${d.audioSeconds.toFixed(3)} s, planned ${expected.toFixed(3)} s`);
    expect(Math.abs(d.videoSeconds - d.audioSeconds)).toBeLessThanOrEqual(1 / 30 + 1e-3);
    expect(d.audioSeconds).toBeGreaterThanOrEqual(expected - 1 / 30);
  }, 120_000);
});
