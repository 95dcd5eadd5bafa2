import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { renderDisplayVideo } from '../../../src/pipelines/images/motion/display-video.js';

/**
 * Product Video's turntable over a flat cut-out (a photo has no back): a product carrying a word and
 * an arrow that point one way is filmed turning, and every frame's product, brought back to its
 * own size, must look like the product and not like its mirror image (the trial's turntable showed
 * the logo reversed half of the time).
 */
const W = 192;
const H = 108;
const FPS = 25;
const BOX = { x: 64, y: 6, width: 64, height: 96 };
const GREY = 128;
const ffmpeg = createFfmpegEngine();
let dir: string;
let front: Uint8Array;

/** The cut-out: a blue card, "N" and a bar at its top left, a yellow arrow pointing right. */
function drawProduct() {
  const c = createCanvas(BOX.width, BOX.height);
  const g = c.getContext('2d');
  g.fillStyle = '#1d4fb8';
  g.fillRect(2, 2, BOX.width - 4, BOX.height - 4);
  g.fillStyle = '#ffffff';
  g.font = 'bold 26px sans-serif';
  g.fillText('N', 8, 30);
  g.fillRect(8, 38, 34, 6);
  g.fillStyle = '#f2c230';
  g.beginPath();
  g.moveTo(10, 54);
  g.lineTo(56, 70);
  g.lineTo(10, 86);
  g.fill();
  return c;
}

/** The product's box in a frame: pixels away from the grey background. */
function boxIn(frame: Uint8Array): { x: number; y: number; width: number; height: number } {
  let x0 = W,
    y0 = H,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (Math.abs(frame[i]! - GREY) + Math.abs(frame[i + 1]! - GREY) + Math.abs(frame[i + 2]! - GREY) > 60) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The frame's product resampled (bilinear) to the cut-out's size. */
function productAtOwnSize(frame: Uint8Array): Uint8Array {
  const b = boxIn(frame);
  const out = new Uint8Array(BOX.width * BOX.height * 3);
  for (let y = 0; y < BOX.height; y++)
    for (let x = 0; x < BOX.width; x++) {
      const sx = b.x + (x + 0.5) * (b.width / BOX.width) - 0.5;
      const sy = b.y + (y + 0.5) * (b.height / BOX.height) - 0.5;
      const fx = Math.max(0, Math.min(W - 2, Math.floor(sx))),
        fy = Math.max(0, Math.min(H - 2, Math.floor(sy)));
      const tx = Math.min(1, Math.max(0, sx - fx)),
        ty = Math.min(1, Math.max(0, sy - fy));
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => frame[(yy * W + xx) * 3 + c]!;
        const top = at(fx, fy) * (1 - tx) + at(fx + 1, fy) * tx;
        const bottom = at(fx, fy + 1) * (1 - tx) + at(fx + 1, fy + 1) * tx;
        out[(y * BOX.width + x) * 3 + c] = top * (1 - ty) + bottom * ty;
      }
    }
  return out;
}

/** Where the white pixels (the word and its bar) are across the product, 0 (left) … 1 (right). */
function whiteCentre(img: Uint8Array): number {
  let sum = 0,
    n = 0;
  for (let y = 0; y < BOX.height; y++)
    for (let x = 0; x < BOX.width; x++) {
      const i = (y * BOX.width + x) * 3;
      if (img[i]! > 190 && img[i + 1]! > 190 && img[i + 2]! > 190) {
        sum += x;
        n++;
      }
    }
  return n ? sum / n / (BOX.width - 1) : 0.5;
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

function mirrored(img: Uint8Array): Uint8Array {
  const out = new Uint8Array(img.length);
  for (let y = 0; y < BOX.height; y++)
    for (let x = 0; x < BOX.width; x++) for (let c = 0; c < 3; c++) out[(y * BOX.width + x) * 3 + c] = img[(y * BOX.width + (BOX.width - 1 - x)) * 3 + c]!;
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'turntable-front-'));
  const product = drawProduct();
  const grey = { r: GREY, g: GREY, b: GREY };
  await writeFile(join(dir, 'product.png'), product.toBuffer('image/png'));
  await sharp({ create: { width: W, height: H, channels: 3, background: grey } })
    .png()
    .toFile(join(dir, 'background.png'));
  await sharp(join(dir, 'background.png'))
    .composite([{ input: join(dir, 'product.png'), left: BOX.x, top: BOX.y }])
    .png()
    .toFile(join(dir, 'composite.png'));
  front = new Uint8Array(await sharp(join(dir, 'product.png')).flatten({ background: grey }).removeAlpha().raw().toBuffer());
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('turntable of a flat cut-out', () => {
  it('never shows the product mirrored: every frame is nearer the true front than its mirror image', async () => {
    const outputPath = join(dir, 'turn.mp4');
    const seconds = 2;
    await renderDisplayVideo(
      {
        layers: {
          width: W,
          height: H,
          backgroundPng: join(dir, 'background.png'),
          shadowPng: null,
          product: { png: join(dir, 'product.png'), box: BOX },
          compositePng: join(dir, 'composite.png'),
        },
        motions: ['turntable'],
        durationSeconds: seconds,
        fps: FPS,
        seed: 3,
        outputPath,
      },
      ffmpeg,
    );
    const raw = await ffmpeg.capture(['-v', 'error', '-i', outputPath, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
    const frameBytes = W * H * 3;
    const frames = Array.from({ length: raw.length / frameBytes }, (_, i) => new Uint8Array(raw.subarray(i * frameBytes, (i + 1) * frameBytes)));
    expect(frames).toHaveLength(seconds * FPS);
    const mirror = mirrored(front);
    // The measure can tell: the front against its own mirror differs a lot.
    expect(meanDifference(front, mirror), 'front against its mirror').toBeGreaterThan(30);
    const widths = frames.map((f) => boxIn(f).width);
    const ratios: number[] = [];
    for (const [i, frame] of frames.entries()) {
      const seen = productAtOwnSize(frame);
      const toFront = meanDifference(seen, front);
      const toMirror = meanDifference(seen, mirror);
      expect(toFront, `frame ${i}: ${toFront.toFixed(1)} from the front, ${toMirror.toFixed(1)} from the mirror`).toBeLessThan(0.8 * toMirror);
      ratios.push(toFront / toMirror);
      // And the white word sits in the product's left half, as on the cut-out (its mirror has it on the right).
      expect(whiteCentre(seen), `frame ${i}: where the word is`).toBeLessThan(0.45);
    }
    console.info(`front/mirror difference ratio: worst ${Math.max(...ratios).toFixed(2)}, front vs mirror ${meanDifference(front, mirror).toFixed(1)}`);
    // It does turn (the product narrows as it swings), and never goes edge-on.
    expect(Math.min(...widths)).toBeLessThan(0.92 * BOX.width);
    expect(Math.min(...widths)).toBeGreaterThan(0.7 * BOX.width);
  });
});
