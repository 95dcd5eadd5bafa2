import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { renderTimeline, type Timeline } from '../../../src/media/index.js';
import type { AdMaterials } from '../../../src/pipelines/video/ad-materials.js';
import { layOut } from '../../../src/pipelines/video/visual-styles.js';
import { streamDurations } from '../../helpers/loudness-measure.js';
import { makeFixtureDir, makeLogoPng, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import type { AdPlan } from '../../../src/pipelines/video/ad-plan.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { DecorationSet } from '../../../src/pipelines/video/avatar-scenes/decorations.js';

const exec = promisify(execFile);
const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

/** Corner markers of the product picture, one colour each, so a cut or covered corner is missed. */
const MARKERS: Record<string, [number, number, number]> = { red: [235, 20, 20], blue: [20, 40, 235], magenta: [235, 20, 235], cyan: [20, 225, 230] };

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
const hex = (c: number[]) => `0x${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** How many pixels of the frame are near each marker colour. */
function markerCounts(frame: { width: number; height: number; data: Buffer }): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(Object.keys(MARKERS).map((k) => [k, 0]));
  for (let i = 0; i < frame.width * frame.height; i++) {
    const [r, g, b] = [frame.data[i * 3]!, frame.data[i * 3 + 1]!, frame.data[i * 3 + 2]!];
    for (const [name, c] of Object.entries(MARKERS)) if (Math.hypot(r - c[0], g - c[1], b - c[2]) < 70) counts[name]! += 1;
  }
  return counts;
}

async function readPicture(path: string, size: { width: number; height: number }): Promise<{ width: number; height: number; data: Buffer }> {
  const { stdout } = await exec(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-vf', `scale=${size.width}:${size.height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 << 20 },
  );
  return { ...size, data: stdout };
}

function materials(over: Partial<AdMaterials>): AdMaterials {
  return {
    aspectRatio: '9:16',
    durationSeconds: 3,
    speechEndSeconds: 1.5,
    words: [
      { word: 'Cold', startSeconds: 0.1, endSeconds: 0.5 },
      { word: 'all', startSeconds: 0.5, endSeconds: 0.8 },
      { word: 'day', startSeconds: 0.8, endSeconds: 1.3 },
    ],
    images: [],
    videos: [],
    logoPath: null,
    avatar: null,
    headline: 'Verda Bloom Diffuser',
    highlights: [],
    priceText: '$49',
    cta: { title: 'Shop now' },
    palette: { primary: '#334455', accent: '#E11D48', text: '#FFFFFF' },
    endCardSeconds: 1.5,
    decorate: null,
    ...over,
  };
}

describe('layouts keep the product whole (pixels of small renders)', () => {
  for (const aspectRatio of ['9:16', '16:9'] as const) {
    it(`${aspectRatio}: GreenScreenEffect shows all four corners of the product beside the presenter; the end card has them above the CTA and no black bars`, async () => {
      const product = await markedProduct(fx.path(`product-${aspectRatio}.png`));
      // The presenter: an opaque yellow clip (no marker colour) filling its whole box.
      const avatar = fx.path(`avatar-${aspectRatio}.mp4`);
      await exec('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=yellow:s=300x400:r=30:d=2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        avatar,
      ]);
      const m = materials({ aspectRatio, images: [product], avatar: { path: avatar, hasAlpha: true } });
      const styled = layOut('GreenScreenEffectTemplate', m);
      const voice = await makeSpeech(fx.path(`v-${aspectRatio}.wav`), 'Cold all day.');
      const timeline: Timeline = {
        aspectRatio,
        scenes: styled.scenes,
        layers: styled.layers,
        voiceover: { clips: [{ path: voice }] },
        captions: { words: m.words, setting: styled.caption },
      };
      const videoPath = fx.path(`gs-${aspectRatio}.mp4`);
      const thumbnailPath = fx.path(`gs-${aspectRatio}.jpg`);
      await renderTimeline(engine, timeline, { quality: 'preview', videoPath, thumbnailPath });
      const size = aspectRatio === '9:16' ? { width: 360, height: 640 } : { width: 640, height: 360 };

      for (const t of [0.7, 2.5]) {
        const counts = markerCounts(await extractFrameRgb(videoPath, t, size));
        for (const [name, n] of Object.entries(counts)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(30);
      }
      // End card: no border row or column is near-black (no letterbox).
      const end = await extractFrameRgb(videoPath, 2.6, size);
      const lineMean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const px = (x: number, y: number) => {
        const i = (y * end.width + x) * 3;
        return (end.data[i]! + end.data[i + 1]! + end.data[i + 2]!) / 3;
      };
      const rows = [0, end.height - 1].map((y) => lineMean(Array.from({ length: end.width }, (_, x) => px(x, y))));
      const cols = [0, end.width - 1].map((x) => lineMean(Array.from({ length: end.height }, (_, y) => px(x, y))));
      for (const v of [...rows, ...cols]) expect(v).toBeGreaterThan(20);
      // The thumbnail comes from a moment without a caption: the end card here.
      const thumbCounts = markerCounts(await readPicture(thumbnailPath, size));
      for (const n of Object.values(thumbCounts)) expect(n).toBeGreaterThan(30);
      // Video and audio end together (within one frame).
      const d = await streamDurations(videoPath);
      expect(Math.abs(d.videoSeconds - d.audioSeconds)).toBeLessThanOrEqual(1 / 30 + 1e-3);
    }, 120_000);
  }
});

/** Label panels and captions are drawn in this orange, the logo in this violet: neither is near a marker or the product. */
const WORDS: [number, number, number] = [255, 128, 0];
const LOGO: [number, number, number] = [128, 0, 255];

/** A studio photo: the marked product (a square) small on a plain light backdrop, so the cut-out finds its box. */
async function productOnBackdrop(path: string): Promise<string> {
  const inner = await markedProduct(`${path}.inner.png`, 160);
  await exec('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xE6E9EE:s=400x400',
    '-i',
    inner,
    '-filter_complex',
    'overlay=120:90',
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

describe('nothing over the product, no blurred copy (pixels of one small render per aspect)', () => {
  for (const aspectRatio of ['9:16', '16:9', '1:1'] as const) {
    it(`${aspectRatio}: FeatureHighlight — labels, logo and captions stay out of the product's box, all four corners show, no blur of the photo`, async () => {
      const dir = fx.path(`fh-${aspectRatio.replace(':', 'x')}`);
      await exec('mkdir', ['-p', dir]);
      await productOnBackdrop(`${dir}/image-0.png`);
      await makeLogoPng(`${dir}/logo.png`, 128, hex(LOGO).replace('0x', '#'));
      await makeSpeech(`${dir}/voice.wav`, 'Cold all day. Hot all night.');
      const words = ['Cold', 'all', 'day', 'hot', 'all', 'night'].map((word, i) => ({ word, startSeconds: 0.1 + i * 0.3, endSeconds: 0.35 + i * 0.3 }));
      const plan: AdPlan = {
        script: 'Cold all day. Hot all night.',
        headline: 'Verda Bloom Diffuser',
        highlights: ['Keeps drinks cold for 24 hours', 'Leak-proof lid'],
        priceText: '$49',
        cta: { title: 'Shop now' },
        palette: { primary: '#334455', accent: '#FF8000', text: '#FFFFFF' },
        language: 'en',
        voiceId: 'v',
        avatarId: null,
        aspectRatio,
        words,
        speechEndSeconds: 2,
        durationSeconds: 2.6,
        endCardSeconds: 0.6,
        voiceoverVolume: 1,
        musicVolume: null,
        caption: { hidden: false, override: true, setting: { text_color: '#FF8000', highlight_text_color: '#FF8000' } },
        files: { voice: 'voice.wav', images: ['image-0.png'], videos: [], logo: 'logo.png', music: null },
      };
      const size = frameSizeFor(aspectRatio, 'preview');
      const decorations = new DecorationSet(dir, size, createBorderKeyCutout());
      const timeline = buildAdTimeline(plan, dir, 'FeatureHighlightTemplate', null, decorations.decorate);
      await decorations.drawAll();
      const videoPath = `${dir}/out.mp4`;
      await renderTimeline(engine, timeline, { quality: 'preview', videoPath, thumbnailPath: `${dir}/out.jpg` });

      const report: string[] = [];
      const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
      for (const t of [0.5, 1.4]) {
        const { width, height, data } = await extractFrameRgb(videoPath, t, size);
        const near = (i: number, c: number[]) => Math.hypot(data[i * 3]! - c[0]!, data[i * 3 + 1]! - c[1]!, data[i * 3 + 2]! - c[2]!) < 60;
        const box = { x0: width, y0: height, x1: -1, y1: -1 };
        const counts: Record<string, number> = Object.fromEntries(Object.keys(MARKERS).map((k) => [k, 0]));
        let words = 0;
        let logo = 0;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const i = y * width + x;
            if (near(i, WORDS)) words++;
            if (near(i, LOGO)) logo++;
            for (const [name, c] of Object.entries(MARKERS))
              if (near(i, c)) {
                counts[name]! += 1;
                box.x0 = Math.min(box.x0, x);
                box.y0 = Math.min(box.y0, y);
                box.x1 = Math.max(box.x1, x);
                box.y1 = Math.max(box.y1, y);
              }
          }
        // Inside the product's box (its markers' bounds, less 2 px of colour bleed) no word or logo pixel; outside it no
        // pixel of the product's colours (a blurred copy of the photo would spread them over the frame).
        let covered = 0;
        let productOutside = 0;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const i = y * width + x;
            const inBox = x >= box.x0 + 2 && x <= box.x1 - 2 && y >= box.y0 + 2 && y <= box.y1 - 2;
            if (inBox && (near(i, WORDS) || near(i, LOGO))) covered++;
            if (!(x >= box.x0 - 3 && x <= box.x1 + 3 && y >= box.y0 - 3 && y <= box.y1 + 3) && near(i, [0x30, 0xa0, 0x40])) productOutside++;
          }
        boxes.push(box);
        const share = ((box.x1 - box.x0) * (box.y1 - box.y0)) / (width * height);
        report.push(
          `${aspectRatio} t=${t}: product box ${box.x0},${box.y0}-${box.x1},${box.y1} (${(share * 100).toFixed(0)} % of the frame) words ${words} logo ${logo} covered ${covered} product-colour outside ${productOutside}`,
        );
        for (const [name, n] of Object.entries(counts)) expect(n, `${name} corner at ${t} s`).toBeGreaterThan(20);
        expect(words, 'the label and the captions show').toBeGreaterThan(200);
        expect(logo, 'the logo shows').toBeGreaterThan(40);
        expect(covered, "word or logo pixels inside the product's box").toBe(0);
        expect(productOutside, 'product-coloured pixels outside its box').toBeLessThan(width * height * 0.002);
        // The product is large: over an eighth of the frame (a quarter of its zone beside the column on square frames).
        expect(share).toBeGreaterThan(1 / 8);
      }
      // Parallax: the backdrop moves (the scene zooms), the cut-out product stands still over it.
      for (const k of ['x0', 'y0', 'x1', 'y1'] as const)
        expect(Math.abs(boxes[0]![k] - boxes[1]![k]), `product box ${k} between frames`).toBeLessThanOrEqual(1);
      console.log(report.join('\n'));
    }, 60_000);
  }
});
