import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb, meanAbsDifference, type RgbFrame } from '../../../src/engines/ffmpeg/index.js';
import { coverCrop, detailView, renderStillVideo } from '../../../src/pipelines/images/motion/still-video.js';
import { stylizeVideo, VIDEO_STYLES } from '../../../src/pipelines/images/motion/stylize-video.js';
import type { StillMotion } from '../../../src/pipelines/images/motion/motion-kinds.js';
import { productPhoto, type ProductPhoto } from '../../helpers/product-fixtures.js';

const W = 320;
const H = 180;
const size = { width: W, height: H };
const ffmpeg = createFfmpegEngine();
let dir: string;
let photo: ProductPhoto;
let photoPath: string;
let subjectPath: string;

const isRed = (f: RgbFrame, i: number) => f.data[i * 3]! > 150 && f.data[i * 3 + 1]! < 90 && f.data[i * 3 + 2]! < 90;

/** Mean squared Laplacian of luma: falls when a picture goes soft. */
function sharpness(f: RgbFrame): number {
  const l = (x: number, y: number) => f.data[(y * f.width + x) * 3 + 1]!;
  let sum = 0,
    n = 0;
  for (let y = 1; y < f.height - 1; y++)
    for (let x = 1; x < f.width - 1; x++) {
      const lap = 4 * l(x, y) - l(x - 1, y) - l(x + 1, y) - l(x, y - 1) - l(x, y + 1);
      sum += lap * lap;
      n++;
    }
  return sum / n;
}

async function stillFrame(input: string | Buffer, region: { left: number; top: number; width: number; height: number }): Promise<RgbFrame> {
  const data = await sharp(input).extract(region).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  return { width: W, height: H, data };
}

async function render(
  motion: StillMotion,
  name: string,
  extra: { subject?: boolean; focus?: { x: number; y: number; width: number; height: number }; seed?: number } = {},
) {
  const outputPath = join(dir, `${name}.mp4`);
  const progress: number[] = [];
  await renderStillVideo(
    {
      imagePath: photoPath,
      subjectPng: extra.subject ? subjectPath : undefined,
      focus: extra.focus,
      motion,
      width: W,
      height: H,
      durationSeconds: 2,
      seed: extra.seed ?? 1,
      outputPath,
      onProgress: (f) => progress.push(f),
    },
    ffmpeg,
  );
  const probe = await ffmpeg.probe(outputPath);
  expect(Math.abs(probe.durationSeconds - 2)).toBeLessThan(0.1);
  expect(probe.video).toMatchObject({ codec: 'h264', width: W, height: H, pixelFormat: 'yuv420p', fps: 25 });
  expect(progress.at(-1)).toBe(1);
  return { path: outputPath, frame: (t: number) => extractFrameRgb(outputPath, t, size) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'still-video-'));
  photo = await productPhoto({ width: 640, height: 480 });
  photoPath = join(dir, 'photo.png');
  await writeFile(photoPath, photo.png);
  const cut = Buffer.from(photo.rgba.data);
  for (let i = 0; i < photo.mask.length; i++) cut[i * 4 + 3] = photo.mask[i]!;
  subjectPath = join(dir, 'subject.png');
  await sharp(cut, { raw: { width: 640, height: 480, channels: 4 } })
    .png()
    .toFile(subjectPath);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderStillVideo', () => {
  it('ken-burns: frames move, and stay as sharp as the still', async () => {
    const v = await render('ken-burns', 'kb');
    const first = await v.frame(0);
    const last = await v.frame(1.96);
    expect(meanAbsDifference(first, last)).toBeGreaterThan(3);
    const crop = coverCrop(photo.rgba, size);
    const still = await stillFrame(photo.png, {
      left: Math.round(crop.x),
      top: Math.round(crop.y),
      width: Math.round(crop.width),
      height: Math.round(crop.height),
    });
    // Magnified up to ~1.3×, a frame has a little less fine detail than the whole still, never much less.
    expect(sharpness(last)).toBeGreaterThan(0.5 * sharpness(still));
    expect(sharpness(first)).toBeGreaterThan(0.5 * sharpness(still));
  });

  it('parallax: the subject moves on the scene and leaves no ghost of itself behind', async () => {
    const v = await render('parallax', 'parallax', { subject: true });
    const first = await v.frame(0);
    const last = await v.frame(1.96);
    const redColumns = (f: RgbFrame) => {
      const cols = new Array<number>(W).fill(0);
      let area = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
          if (isRed(f, y * W + x)) {
            cols[x]!++;
            area++;
          }
      const runs = cols.reduce((r, c, x) => r + (c > 2 && !(cols[x - 1]! > 2) ? 1 : 0), 0);
      const centre = cols.reduce((s, c, x) => s + c * x, 0) / area;
      return { area, runs, centre };
    };
    const a = redColumns(first);
    const b = redColumns(last);
    expect(a.runs).toBe(1);
    expect(b.runs).toBe(1);
    expect(b.area).toBeGreaterThan(a.area);
    expect(b.area).toBeLessThan(a.area * 1.5);
    // The scene moved differently from the subject: compare a background patch's shift to the subject's.
    expect(Math.abs(b.centre - a.centre)).toBeGreaterThan(2);
  });

  it('zoom-to-detail: ends on the focus region of the still', async () => {
    const focus = { x: 250, y: 250, width: 90, height: 60 };
    const v = await render('zoom-to-detail', 'detail', { focus });
    const last = await v.frame(1.96);
    const view = detailView(focus, photo.rgba, size);
    const crop = coverCrop(photo.rgba, size);
    const w = crop.width / view.zoom;
    const h = crop.height / view.zoom;
    const region = {
      left: Math.round(crop.x + view.centreX * crop.width - w / 2),
      top: Math.round(crop.y + view.centreY * crop.height - h / 2),
      width: Math.round(w),
      height: Math.round(h),
    };
    expect(region.left).toBeLessThanOrEqual(focus.x);
    expect(region.left + region.width).toBeGreaterThanOrEqual(focus.x + focus.width);
    const expected = await stillFrame(photo.png, region);
    const whole = await stillFrame(photo.png, {
      left: Math.round(crop.x),
      top: Math.round(crop.y),
      width: Math.round(crop.width),
      height: Math.round(crop.height),
    });
    const toDetail = meanAbsDifference(last, expected);
    expect(toDetail).toBeLessThan(8);
    expect(toDetail).toBeLessThan(meanAbsDifference(last, whole) / 3);
    expect(meanAbsDifference(await v.frame(0), whole)).toBeLessThan(8);
  });
});

describe('stylizeVideo', () => {
  let clip: string;
  beforeAll(async () => {
    clip = join(dir, 'clip.mp4');
    await ffmpeg.run([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${W}x${H}:r=25:d=2`,
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=2',
      '-vf',
      'eq=saturation=0.6',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
  });

  it('every look changes the picture, keeps the size, length and sound', async () => {
    const original = await extractFrameRgb(clip, 1, size);
    const frames: Record<string, RgbFrame> = {};
    for (const style of VIDEO_STYLES) {
      const out = join(dir, `style-${style}.mp4`);
      const progress: number[] = [];
      await stylizeVideo({ inputPath: clip, style, outputPath: out, onProgress: (f) => progress.push(f) }, ffmpeg);
      const probe = await ffmpeg.probe(out);
      expect(probe.video, style).toMatchObject({ codec: 'h264', width: W, height: H, pixelFormat: 'yuv420p' });
      expect(probe.audio, style).toMatchObject({ codec: 'aac' });
      expect(Math.abs(probe.durationSeconds - 2), style).toBeLessThan(0.1);
      expect(progress.at(-1)).toBe(1);
      frames[style] = await extractFrameRgb(out, 1, size);
      expect(meanAbsDifference(frames[style]!, original), style).toBeGreaterThan(4);
    }
    const chroma = (f: RgbFrame) => {
      let sum = 0;
      for (let i = 0; i < W * H; i++)
        sum += Math.max(f.data[i * 3]!, f.data[i * 3 + 1]!, f.data[i * 3 + 2]!) - Math.min(f.data[i * 3]!, f.data[i * 3 + 1]!, f.data[i * 3 + 2]!);
      return sum / (W * H);
    };
    expect(chroma(original)).toBeGreaterThan(40);
    // Noir is grey: what is left is the encoder's chroma noise around edges and grain.
    expect(chroma(frames.noir!)).toBeLessThan(8);
    expect(chroma(frames.noir!)).toBeLessThan(chroma(original) / 6);
    // Sketch: mostly paper white with thin dark lines, little in between.
    const luma = (f: RgbFrame, i: number) => f.data[i * 3 + 1]!;
    let white = 0,
      dark = 0;
    for (let i = 0; i < W * H; i++) {
      const l = luma(frames.sketch!, i);
      if (l > 200) white++;
      else if (l < 110) dark++;
    }
    expect(white / (W * H)).toBeGreaterThan(0.6);
    expect(dark / (W * H)).toBeGreaterThan(0.01);
    // Cinematic: letterbox bars top and bottom.
    expect(meanAbsDifference(frames.cinematic!, { width: W, height: H, data: Buffer.alloc(W * H * 3) }, { x: 0, y: 0, width: W, height: 8 })).toBeLessThan(4);
    expect(chroma(frames.vivid!)).toBeGreaterThan(chroma(original));
  });
});
