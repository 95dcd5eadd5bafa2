import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb } from '../../../src/engines/ffmpeg/index.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { frameSizeFor } from '../../../src/media/frame-size.js';
import { renderTimeline } from '../../../src/media/index.js';
import { DecorationSet } from '../../../src/pipelines/video/avatar-scenes/decorations.js';
import { END_CARD_LAYOUT } from '../../../src/pipelines/video/end-card.js';
import { layOut } from '../../../src/pipelines/video/visual-styles.js';
import { makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';

/**
 * The end card as the compositor draws it (a small 9:16 preview of the card alone): the name and
 * the price are the white letters of the text column, the button's letters are dark. The price is
 * the last run of white rows; its height and width are measured from the pixels.
 */

let fx: FixtureDir;
beforeAll(async () => {
  fx = await makeFixtureDir('clipwright-end-card-');
});
afterAll(async () => {
  if (!process.env.KEEP_MEDIA) await fx.cleanup();
});

describe('the end card shows the price large (pixels)', () => {
  it('9:16: the price is over twice as tall as a line of the name and about half the frame wide', async () => {
    const frame = frameSizeFor('9:16', 'preview');
    const decorations = new DecorationSet(fx.dir, frame);
    // Dark pictures: the only near-white pixels are the card's letters.
    const product = await makeColorImage(fx.path('product.png'), '0x1E2A44', { width: 400, height: 500 });
    const styled = layOut('FullScreenTemplate', {
      aspectRatio: '9:16',
      durationSeconds: 1,
      speechEndSeconds: 0,
      words: [],
      images: [product],
      videos: [],
      logoPath: null,
      avatar: null,
      headline: 'TrailFlask Summit 32 oz Insulated Water Bottle – Cold 24 h, Hot 12 h',
      highlights: [],
      priceText: '$34.95',
      cta: { title: 'Shop now', subtitle: '$34.95' },
      palette: { primary: '#1E3A8A', accent: '#F59E0B', text: '#111827' },
      endCardSeconds: 1,
      decorate: decorations.decorate,
    });
    await decorations.drawAll();
    const videoPath = fx.path('end.mp4');
    await renderTimeline(
      createFfmpegEngine(),
      { aspectRatio: '9:16', scenes: styled.scenes.slice(-1) },
      { quality: 'preview', videoPath, thumbnailPath: fx.path('end.jpg') },
    );
    const img = await extractFrameRgb(videoPath, 0.5, frame);

    // The text column's pixels; rows holding white letters, grouped into runs (one per line of text).
    const col = END_CARD_LAYOUT['9:16'].text;
    const x0 = Math.round((0.5 + col.position.x - col.box.width / 2) * frame.width);
    const x1 = Math.round((0.5 + col.position.x + col.box.width / 2) * frame.width);
    const y0 = Math.round((0.5 + col.position.y - col.box.height / 2) * frame.height);
    const y1 = Math.round((0.5 + col.position.y + col.box.height / 2) * frame.height);
    const white = (x: number, y: number) => {
      const i = (y * frame.width + x) * 3;
      return img.data[i]! > 215 && img.data[i + 1]! > 215 && img.data[i + 2]! > 215;
    };
    const runs: { top: number; bottom: number; left: number; right: number }[] = [];
    for (let y = y0; y < y1; y++) {
      const xs: number[] = [];
      for (let x = x0; x < x1; x++) if (white(x, y)) xs.push(x);
      if (xs.length < 2) continue;
      const last = runs[runs.length - 1];
      if (last && last.bottom === y - 1) Object.assign(last, { bottom: y, left: Math.min(last.left, xs[0]!), right: Math.max(last.right, xs.at(-1)!) });
      else runs.push({ top: y, bottom: y, left: xs[0]!, right: xs.at(-1)! });
    }
    const lines = runs.filter((r) => r.bottom - r.top >= 3);
    // Three lines of the name, then the price.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const price = lines.at(-1)!;
    const nameLines = lines.slice(0, -1);
    const priceHeight = price.bottom - price.top + 1;
    const nameHeight = Math.max(...nameLines.map((r) => r.bottom - r.top + 1));
    const priceWidth = price.right - price.left + 1;
    console.log(
      `end card 9:16 preview: price ${priceHeight} px high × ${priceWidth} px wide; name lines ${nameLines.length}, tallest ${nameHeight} px (frame ${frame.width}×${frame.height})`,
    );
    expect(priceHeight).toBeGreaterThanOrEqual(2 * nameHeight);
    expect(priceHeight / frame.height).toBeGreaterThanOrEqual(0.06);
    expect(priceWidth / frame.width).toBeGreaterThanOrEqual(0.4);
  }, 60_000);
});
