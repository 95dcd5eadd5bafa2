import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb, isAbortError, meanAbsDifference, type RgbFrame } from '../../../src/engines/ffmpeg/index.js';
import { renderDisplayVideo } from '../../../src/pipelines/images/motion/display-video.js';
import type { DisplayMotion } from '../../../src/pipelines/images/motion/motion-kinds.js';
import { planDisplayShots } from '../../../src/pipelines/images/motion/plan-display-shots.js';
import type { StagedLayerFiles } from '../../../src/pipelines/images/staging/staged-scene.js';

const W = 320;
const H = 180;
const size = { width: W, height: H };
const ffmpeg = createFfmpegEngine();
let dir: string;
let layers: StagedLayerFiles;

/**
 * Layers drawn here so every measure has a known answer: warm vertical stripes of uneven widths
 * (a background whose sideways offset can be found by correlation), a soft shadow, and a blue
 * product (a colour the background never has) standing in the middle.
 */
async function drawLayers(into: string): Promise<StagedLayerFiles> {
  const bg = createCanvas(W, H);
  const b = bg.getContext('2d');
  let x = 0;
  for (let i = 0; x < W; i++) {
    const w = 6 + ((i * 7) % 11);
    b.fillStyle = i % 2 ? '#d9c7a8' : '#7d6650';
    b.fillRect(x, 0, w, H);
    x += w;
  }
  const box = { x: 110, y: 40, width: 100, height: 120 };
  const shadow = createCanvas(W, H);
  const s = shadow.getContext('2d');
  s.fillStyle = 'rgba(0,0,0,0.45)';
  s.beginPath();
  s.ellipse(160, 158, 55, 7, 0, 0, Math.PI * 2);
  s.fill();
  const product = createCanvas(box.width, box.height);
  const p = product.getContext('2d');
  p.fillStyle = '#1f4fe0';
  p.beginPath();
  p.roundRect(8, 0, box.width - 16, box.height, 14);
  p.fill();
  p.fillStyle = '#1a3fb0';
  p.fillRect(8, 50, box.width - 16, 20);
  const files = {
    backgroundPng: join(into, 'background.png'),
    shadowPng: join(into, 'shadow.png'),
    productPng: join(into, 'product.png'),
    compositePng: join(into, 'composite.png'),
  };
  await writeFile(files.backgroundPng, bg.toBuffer('image/png'));
  await writeFile(files.shadowPng, shadow.toBuffer('image/png'));
  await writeFile(files.productPng, product.toBuffer('image/png'));
  await sharp(files.backgroundPng)
    .composite([{ input: files.shadowPng }, { input: files.productPng, left: box.x, top: box.y }])
    .png()
    .toFile(files.compositePng);
  return {
    width: W,
    height: H,
    backgroundPng: files.backgroundPng,
    shadowPng: files.shadowPng,
    product: { png: files.productPng, box },
    compositePng: files.compositePng,
  };
}

const isProduct = (f: RgbFrame, i: number) => f.data[i * 3 + 2]! > 140 && f.data[i * 3]! < 90;

function productStats(f: RgbFrame) {
  let area = 0,
    sumX = 0,
    minX = W,
    maxX = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!isProduct(f, y * W + x)) continue;
      area++;
      sumX += x;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
    }
  return { area, centreX: area ? sumX / area : Number.NaN, width: maxX >= minX ? maxX - minX + 1 : 0 };
}

/** The shift (pixels) of row `y` of `b` against `a` with the smallest mean difference. */
function rowShift(a: RgbFrame, b: RgbFrame, y: number, maxShift = 30): number {
  let best = 0,
    bestErr = Infinity;
  for (let s = -maxShift; s <= maxShift; s++) {
    let err = 0,
      n = 0;
    for (let x = maxShift; x < W - maxShift; x++) {
      err += Math.abs(a.data[(y * W + x) * 3]! - b.data[(y * W + x + s) * 3]!);
      n++;
    }
    if (err / n < bestErr) {
      bestErr = err / n;
      best = s;
    }
  }
  return best;
}

async function render(motions: DisplayMotion[], durationSeconds: number, name: string, extra: { seed?: number; audioPath?: string } = {}) {
  const outputPath = join(dir, `${name}.mp4`);
  const progress: number[] = [];
  await renderDisplayVideo(
    { layers, motions, durationSeconds, seed: extra.seed ?? 1, audioPath: extra.audioPath, outputPath, onProgress: (f) => progress.push(f) },
    ffmpeg,
  );
  const probe = await ffmpeg.probe(outputPath);
  expect(probe.durationSeconds).toBeGreaterThan(durationSeconds - 0.1);
  expect(probe.durationSeconds).toBeLessThan(durationSeconds + 0.1);
  expect(probe.video).toMatchObject({ codec: 'h264', width: W, height: H, pixelFormat: 'yuv420p', fps: 25 });
  expect(progress.at(-1)).toBe(1);
  expect(progress.every((v, i) => i === 0 || v >= progress[i - 1]!)).toBe(true);
  return { path: outputPath, probe, frame: (t: number) => extractFrameRgb(outputPath, t, size) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'display-video-'));
  layers = await drawLayers(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderDisplayVideo', () => {
  it('push-in: the product grows', async () => {
    const v = await render(['push-in'], 2, 'push');
    const first = productStats(await v.frame(0));
    const last = productStats(await v.frame(1.96));
    expect(first.area).toBeGreaterThan(0.8 * 84 * 120);
    expect(last.area).toBeGreaterThan(first.area * 1.15);
  });

  it('turntable: the flat product swings one way and back, never edge-on', async () => {
    const v = await render(['turntable'], 2, 'turn');
    const w0 = productStats(await v.frame(0)).width;
    const wQuarter = productStats(await v.frame(0.5)).width;
    const wHalf = productStats(await v.frame(1)).width;
    expect(w0).toBeGreaterThan(75);
    // At the widest swing it is narrower, but far from edge-on (cos 38° ≈ 0.79 at most).
    expect(wQuarter).toBeLessThan(0.95 * w0);
    expect(wQuarter).toBeGreaterThan(0.7 * w0);
    expect(wHalf).toBeGreaterThan(0.9 * w0);
  });

  it('light-sweep: a bright band crosses the product, the background untouched', async () => {
    const v = await render(['light-sweep'], 3, 'sweep');
    const before = await v.frame(0);
    const box = layers.product.box;
    const bandCentre = (f: RgbFrame) => {
      let sum = 0,
        weight = 0,
        outside = 0,
        outsideN = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const i = y * W + x;
          const lift = f.data[i * 3 + 1]! - before.data[i * 3 + 1]!;
          const inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
          if (inBox && isProduct(before, i) && lift > 20) {
            sum += x * lift;
            weight += lift;
          }
          if (!inBox) {
            outside += Math.abs(lift);
            outsideN++;
          }
        }
      return { x: weight ? sum / weight : Number.NaN, weight, outsideMeanLift: outside / outsideN };
    };
    const a = bandCentre(await v.frame(1.2));
    const b = bandCentre(await v.frame(1.8));
    expect(a.weight).toBeGreaterThan(0);
    expect(b.weight).toBeGreaterThan(0);
    expect(Math.abs(b.x - a.x)).toBeGreaterThan(15);
    expect(a.outsideMeanLift).toBeLessThan(1.5);
    expect(b.outsideMeanLift).toBeLessThan(1.5);
  });

  it('orbit-parallax: the background and the product move opposite ways', async () => {
    const v = await render(['orbit-parallax'], 2, 'orbit');
    const first = await v.frame(0);
    const last = await v.frame(1.96);
    const productShift = productStats(last).centreX - productStats(first).centreX;
    const backgroundShift = rowShift(first, last, 20);
    expect(Math.abs(productShift)).toBeGreaterThan(3);
    expect(Math.abs(backgroundShift)).toBeGreaterThan(3);
    expect(Math.sign(backgroundShift)).toBe(-Math.sign(productShift));
  });

  it('reveal-slide: no product at the start, the whole product at the end', async () => {
    const v = await render(['reveal-slide'], 2, 'reveal');
    expect(productStats(await v.frame(0)).area).toBeLessThan(50);
    expect(productStats(await v.frame(1.96)).area).toBeGreaterThan(0.8 * 84 * 120);
  });

  it('several motions cut together with music; a new seed moves differently', async () => {
    const music = join(dir, 'music.wav');
    await ffmpeg.run(['-f', 'lavfi', '-i', 'sine=f=330:d=1.2', '-ac', '2', music]);
    const v = await render(['push-in', 'turntable'], 3, 'cut', { audioPath: music });
    expect(v.probe.audio).toMatchObject({ codec: 'aac' });
    // The cut: the push-in's full-width product first, the turntable's widest swing later
    // (two 42-frame shots overlapping by 9: the turntable starts at 1.32 s, its swing widest a quarter of its shot later).
    const full = productStats(await v.frame(0)).width;
    expect(full).toBeGreaterThan(75);
    const swung = productStats(await v.frame(1.32 + 0.42)).width;
    expect(swung).toBeLessThan(0.95 * full);
    expect(swung).toBeGreaterThan(0.65 * full);

    const motion: DisplayMotion[] = ['orbit-parallax'];
    const dirOf = (seed: number) => planDisplayShots(motion, 2, 25, seed).shots[0]!.direction;
    const other = [2, 3, 4, 5, 6, 7, 8].find((s) => dirOf(s) !== dirOf(1))!;
    const a = await render(motion, 2, 'seed-a', { seed: 1 });
    const b = await render(motion, 2, 'seed-b', { seed: other });
    expect(meanAbsDifference(await a.frame(0), await b.frame(0))).toBeGreaterThan(4);
  });

  it('abort stops ffmpeg and rejects', async () => {
    const controller = new AbortController();
    const outputPath = join(dir, 'aborted.mp4');
    const started = Date.now();
    const run = renderDisplayVideo(
      {
        layers,
        motions: ['orbit-parallax', 'turntable'],
        durationSeconds: 60,
        seed: 1,
        outputPath,
        signal: controller.signal,
        onProgress: (f) => {
          if (f > 0.01) controller.abort();
        },
      },
      ffmpeg,
    );
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAbortError(error)).toBe(true);
    expect(controller.signal.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
