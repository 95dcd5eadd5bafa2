import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { createBorderKeyCutout } from '../../../src/engines/image/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import { renderTimeline } from '../../../src/media/index.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import type { AdMaterials } from '../../../src/pipelines/video/ad-materials.js';
import { DecorationSet } from '../../../src/pipelines/video/avatar-scenes/decorations.js';
import { withPushes } from '../../../src/pipelines/video/push-in-shot.js';
import { productScenes, productZone } from '../../../src/pipelines/video/style-scenes.js';
import { streamDurations } from '../../helpers/loudness-measure.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

/** The bottle's colours in the fixture photo: a dark cap (the lid) over a green body. */
const CAP = [0x22, 0x22, 0x22];
const BODY = [0x2e, 0x6b, 0x4f];

function materials(aspectRatio: AspectRatio, image: string, words: string[]): AdMaterials {
  return {
    aspectRatio,
    durationSeconds: 3,
    speechEndSeconds: 3,
    words: words.map((word, i) => ({ word, startSeconds: 0.2 + i * 0.5, endSeconds: 0.6 + i * 0.5 })),
    images: [image],
    videos: [],
    logoPath: null,
    avatar: null,
    headline: 'TrailFlask',
    highlights: [],
    priceText: null,
    cta: null,
    palette: { primary: '#334455', accent: '#E11D48', text: '#FFFFFF' },
    endCardSeconds: 0,
    decorate: null,
  };
}

/**
 * The largest connected patch of pixels near a colour (so the preview's watermark outline is not
 * taken for the dark lid), or all of them: the box in fractions of the frame, the pixel count and the box's area.
 */
function colourBox(frame: { width: number; height: number; data: Buffer }, rgb: number[], largestOnly = true, tolerance = 40) {
  const { width, height, data } = frame;
  const near = new Uint8Array(width * height);
  for (let p = 0; p < near.length; p++)
    near[p] = Math.hypot(data[p * 3]! - rgb[0]!, data[p * 3 + 1]! - rgb[1]!, data[p * 3 + 2]! - rgb[2]!) < tolerance ? 1 : 0;
  let best = { n: 0, box: { x0: 1, y0: 1, x1: 0, y1: 0 } };
  const seen = new Uint8Array(width * height);
  for (let start = 0; start < near.length; start++) {
    if (!near[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let n = 0;
    const box = { x0: width, y0: height, x1: 0, y1: 0 };
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      n++;
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1])
        if (q >= 0 && near[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
    }
    const found = { x0: box.x0 / width, y0: box.y0 / height, x1: box.x1 / width, y1: box.y1 / height };
    if (!largestOnly && best.n > 0) {
      // Every patch: the box around all of them.
      const b = best.box;
      best = { n: best.n + n, box: { x0: Math.min(b.x0, found.x0), y0: Math.min(b.y0, found.y0), x1: Math.max(b.x1, found.x1), y1: Math.max(b.y1, found.y1) } };
    } else if (!largestOnly || n > best.n) best = { n, box: found };
  }
  const b = best.box;
  return { n: best.n, box: b, area: Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0) };
}

describe('push-in on a detail (pixels of short renders)', () => {
  // Photos whose shape the frame's is not, so the bottle stands designed (a crop's push is capped lower: push-in-shot.test.ts).
  const cases = [
    { aspectRatio: '9:16' as const, photo: { width: 2000, height: 1200 } },
    { aspectRatio: '16:9' as const, photo: { width: 1400, height: 2000 } },
  ];
  for (const { aspectRatio, photo } of cases) {
    it(`${aspectRatio}: a scene about the lid moves in on the lid, which grows, the product staying in its place`, async () => {
      const shot = await productPhoto({ ...photo, backdrop: '#e8e4dc', body: '#2e6b4f' });
      const image = fx.path(`bottle-${aspectRatio.replace(':', 'x')}.png`);
      await writeFile(image, shot.png);
      const m = materials(aspectRatio, image, ['The', 'leak-proof', 'lid', 'clicks', 'shut.']);
      const size = frameSizeFor(aspectRatio, 'preview');
      const decorations = new DecorationSet(fx.dir, size, createBorderKeyCutout());
      const avoid = [{ x0: 0, y0: 0.8, x1: 1, y1: 1 }];
      const withDecor = { ...m, decorate: decorations.decorate };
      const planned = productScenes(withDecor, 3, () => ({ motion: 'zoom-in', transition: 'fade' }), 0.4, avoid, 'light', 1);
      expect(planned[0]!.background).toMatchObject({ kind: 'image', motion: 'push-in' });
      await decorations.drawAll();
      const timeline = withPushes({ aspectRatio, scenes: planned }, decorations.shotPlans);
      const bg = timeline.scenes[0]!.background;
      if (bg.kind !== 'image' || !bg.push) throw new Error('the push was not planned');
      const videoPath = fx.path(`push-${aspectRatio.replace(':', 'x')}.mp4`);
      await renderTimeline(engine, timeline, { quality: 'preview', videoPath, thumbnailPath: fx.path(`push-${aspectRatio.replace(':', 'x')}.jpg`) });
      const d = await streamDurations(videoPath);
      expect(d.videoSeconds).toBeCloseTo(3, 1);

      const zone = productZone(m, avoid);
      const caps: number[] = [];
      for (const t of [0.05, 1, 2, 2.9]) {
        const frame = await extractFrameRgb(videoPath, t, size);
        const cap = colourBox(frame, CAP);
        const body = colourBox(frame, BODY, false);
        caps.push(cap.area);
        expect(cap.n, `the lid shows at ${t} s`).toBeGreaterThan(50);
        // The product never leaves its place (the part of the frame no words cover), 1 % for the edge's blend.
        expect(body.box.x0, `body left at ${t} s`).toBeGreaterThanOrEqual(zone.x0 - 0.01);
        expect(body.box.y0, `body top at ${t} s`).toBeGreaterThanOrEqual(zone.y0 - 0.01);
        expect(body.box.x1, `body right at ${t} s`).toBeLessThanOrEqual(zone.x1 + 0.01);
        expect(body.box.y1, `body bottom at ${t} s`).toBeLessThanOrEqual(zone.y1 + 0.01);
        // The lid is inside the product's box: the view stays on the product.
        expect(cap.box.y0).toBeGreaterThanOrEqual(body.box.y0 - 0.2);
      }
      // The lid grows at every step and ends clearly larger: by about the push's zoom squared.
      for (let i = 1; i < caps.length; i++) expect(caps[i]!, `lid area at step ${i}`).toBeGreaterThan(caps[i - 1]!);
      expect(caps[caps.length - 1]! / caps[0]!).toBeGreaterThan(1.25);
      expect(caps[caps.length - 1]! / caps[0]!).toBeGreaterThan(bg.push.zoom ** 2 * 0.8);
    }, 120_000);
  }
});
