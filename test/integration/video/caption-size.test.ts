import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import { renderTimeline } from '../../../src/media/index.js';
import type { AspectRatio } from '../../../src/media/timeline.js';
import { buildAdTimeline } from '../../../src/pipelines/video/ad-timeline.js';
import { captionRect } from '../../../src/pipelines/video/layout-zones.js';
import { adPlanFixture } from '../../helpers/ad-plan-fixture.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

const engine = createFfmpegEngine();
let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir();
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

/** A phrase long enough for two lines anywhere; a single word with an ascender and a descender ("l", "y") for one line's height. */
const PHRASE = 'Keeps your drinks icy cold for twenty four hours'.split(' ');
const ONE_WORD = ['Holy'];
const GREY = [0x7f, 0x7f, 0x7f];

/** The rows and columns of caption ink (text, stroke or box) inside `area` (fractions of the frame). */
function inkIn(frame: { width: number; height: number; data: Buffer }, area: { x0: number; y0: number; x1: number; y1: number }) {
  let top = -1;
  let bottom = -1;
  let x0 = frame.width;
  let x1 = -1;
  for (let y = Math.max(0, Math.floor(area.y0 * frame.height)); y < Math.min(frame.height, area.y1 * frame.height); y++)
    for (let x = Math.max(0, Math.floor(area.x0 * frame.width)); x < Math.min(frame.width, area.x1 * frame.width); x++) {
      const i = (y * frame.width + x) * 3;
      if (Math.hypot(frame.data[i]! - GREY[0]!, frame.data[i + 1]! - GREY[1]!, frame.data[i + 2]! - GREY[2]!) <= 60) continue;
      if (top < 0) top = y;
      bottom = y;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
    }
  return { top, bottom, x0, x1 };
}

describe('URL-to-video captions are phone-sized (pixels of short renders)', () => {
  // minLine: one line's ink (ascender to descender, with its stroke or box) as a share of the frame's height.
  const cases: { aspect: AspectRatio; style: string; presenter: boolean; minLine: number; maxLine: number }[] = [
    { aspect: '9:16', style: 'FullScreenTemplate', presenter: false, minLine: 0.034, maxLine: 0.06 },
    // Beside the presenter's bubble the line is narrower, so the font gives way a little.
    { aspect: '9:16', style: 'AvatarBubbleTemplate', presenter: true, minLine: 0.027, maxLine: 0.06 },
    { aspect: '16:9', style: 'FeatureHighlightTemplate', presenter: false, minLine: 0.06, maxLine: 0.12 },
    { aspect: '1:1', style: 'DramaticTemplate', presenter: false, minLine: 0.042, maxLine: 0.1 },
  ];
  for (const c of cases) {
    it(`${c.aspect} ${c.style}: a line's letters are ${c.minLine * 100}–${c.maxLine * 100} % of the frame's height, two lines at most, inside the planned box`, async () => {
      const avatar = c.presenter ? { path: '/clips/avatar.webm', hasAlpha: true } : null;
      const styled = buildAdTimeline(adPlanFixture({ aspectRatio: c.aspect }), '/plan', c.style, avatar);
      const setting = styled.captions!.setting!;
      const size = frameSizeFor(c.aspect, 'preview');
      // Looked for only in the caption's planned box (the preview's watermark is elsewhere), grown by 3 % of the frame.
      const planned = captionRect(c.aspect, setting)!;
      const around = { x0: planned.x0 - 0.03, y0: planned.y0 - 0.03, x1: planned.x1 + 0.03, y1: planned.y1 + 0.03 };
      const inkOf = async (said: string[], name: string) => {
        const words = said.map((word, i) => ({ word, startSeconds: 0.1 + i * 0.12, endSeconds: 0.2 + i * 0.12 }));
        const videoPath = fx.path(`captions-${c.aspect.replace(':', 'x')}-${c.style}-${name}.mp4`);
        await renderTimeline(
          engine,
          { aspectRatio: c.aspect, scenes: [{ durationSeconds: 1.4, background: { kind: 'color', color: '#7F7F7F' } }], captions: { words, setting } },
          { quality: 'preview', videoPath, thumbnailPath: fx.path(`captions-${c.style}-${name}.jpg`) },
        );
        // The last word is shown (every look shows it at its end).
        return inkIn(await extractFrameRgb(videoPath, 0.15 + (said.length - 1) * 0.12, size), around);
      };
      const one = await inkOf(ONE_WORD, 'word');
      expect(one.top, 'caption ink found').toBeGreaterThanOrEqual(0);
      const line = (one.bottom - one.top + 1) / size.height;
      const fontPx = Number(setting.font_size);
      const pitch = (fontPx * 1.2) / frameSizeFor(c.aspect, 'render').height;
      console.log(
        `${c.aspect} ${c.style}: a line's ink ${(line * 100).toFixed(2)} % of the frame's height, line pitch ${(pitch * 100).toFixed(2)} %, font ${fontPx} px`,
      );
      expect(line).toBeGreaterThanOrEqual(c.minLine);
      expect(line).toBeLessThanOrEqual(c.maxLine);
      // The long phrase: at most two lines (a block no taller than one line plus one pitch), inside its box.
      const block = await inkOf(PHRASE, 'phrase');
      const blockHeight = (block.bottom - block.top + 1) / size.height;
      expect(blockHeight, 'two lines at most').toBeLessThanOrEqual(line + pitch + 0.01);
      for (const ink of [one, block]) {
        // Inside the box the layout kept for it (so never over the product), with 1 % for anti-aliasing.
        expect(ink.top / size.height).toBeGreaterThanOrEqual(planned.y0 - 0.01);
        expect((ink.bottom + 1) / size.height).toBeLessThanOrEqual(planned.y1 + 0.01);
        expect(ink.x0 / size.width).toBeGreaterThanOrEqual(planned.x0 - 0.01);
        expect((ink.x1 + 1) / size.width).toBeLessThanOrEqual(planned.x1 + 0.01);
        // Safe margins: clear of the frame's edges.
        expect(ink.top / size.height).toBeGreaterThan(0.03);
        expect((ink.bottom + 1) / size.height).toBeLessThan(0.97);
      }
    }, 60_000);
  }
});
