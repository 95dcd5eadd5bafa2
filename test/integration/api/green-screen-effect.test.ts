import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { extractFrameRgb, meanColor, probeMedia, type PixelRect } from '../../../src/engines/ffmpeg/index.js';
import { GREEN_SCREEN_CARD, GREEN_SCREEN_FIGURE } from '../../../src/pipelines/video/visual-styles.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/** The product picture: one flat colour no drawn avatar room uses, so any pixel of it is the product showing. */
const PRODUCT: [number, number, number] = [0xd0, 0x20, 0x90];
const PRODUCT_HEX = '0xD02090';

const distance = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/** The share of rows y0..y1 of a frame that is the product's colour. */
function productShare(frame: { width: number; data: Uint8Array | Buffer }, y0: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < frame.width; x++) {
      const i = (y * frame.width + x) * 3;
      if (distance([frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!], PRODUCT) < 40) n++;
    }
  return n / ((y1 - y0) * frame.width);
}

/**
 * GreenScreenEffectTemplate through the API: a drawn presenter, cut out, under a flat-colour
 * product picture (nothing can be cut out of it, so it stands whole as a card on a designed
 * backdrop). Around the figure inside its box the backdrop shows; the figure itself is there.
 */
describe('URL to Video GreenScreenEffect', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-green-screen-');
    pages = await startPageServer();
    const picture = await makeColorImage(fx.path('product.png'), PRODUCT_HEX, { width: 800, height: 800 });
    pages.route('/img/product.png', { headers: { 'content-type': 'image/png' }, body: await readFile(picture) });
    const portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
    pages.route('/presenter.png', { headers: { 'content-type': 'image/png' }, body: await readFile(portrait) });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 20 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });

  const preview = async (body: Record<string, unknown>, name: string) => {
    const link = await post('/api/links/link_with_params/', { title: 'Pink Mug', image_urls: [pages.url('/img/product.png')] });
    expect(link.statusCode).toBe(200);
    const r = await post('/api/link_to_videos/preview/', {
      link: link.json().id,
      aspect_ratio: '9:16',
      visual_style: 'GreenScreenEffectTemplate',
      override_script: 'This pink mug keeps your tea warm for hours.',
      no_background_music: true,
      no_caption: true,
      no_cta: true,
      ...body,
    });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/link_to_videos/${r.json().id}/`, 240_000);
    expect(done.failed_reason).toBeNull();
    const video = await downloadTo(t, done.preview, fx.path(name));
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ width: 360, height: 640 });
    expect(probe.audio).toBeDefined();
    expect(probe.durationSeconds).toBeGreaterThan(2);
    return video;
  };

  it('9:16 preview: the presenter cut out over the product picture, no drawn room around them', async () => {
    const video = await preview({ override_avatar: DEFAULT_AVATAR_ID }, 'green-screen.mp4');

    // The avatar's box in this frame, as the style places it.
    const { box, position } = GREEN_SCREEN_FIGURE['9:16'];
    const w = 360 * box.width;
    const h = 640 * box.height;
    const left = 360 * (0.5 + position.x) - w / 2;
    const top = 640 * (0.5 + position.y) - h / 2;
    const corner = (x: number): PixelRect => ({ x: Math.round(x), y: Math.round(top + 6), width: 30, height: 30 });
    for (const at of [1, 2]) {
      const frame = await extractFrameRgb(video, at, { width: 360, height: 640 });
      // Above the figure's shoulders, beside its head, still inside its box: the scene's own backdrop,
      // the same as just above the box (no drawn room around the figure).
      for (const area of [corner(left + 6), corner(left + w - 36)]) {
        const above = meanColor(frame, { ...area, y: area.y - 40 });
        expect(distance(meanColor(frame, area), above), `${at}s ${JSON.stringify(area)}`).toBeLessThan(40);
        expect(distance(meanColor(frame, area), PRODUCT), `${at}s ${JSON.stringify(area)}: no copy of the product`).toBeGreaterThan(60);
      }
      // The figure: its face, 40 % down the box, and its body near the bottom edge.
      const face = meanColor(frame, { x: 165, y: Math.round(top + 0.4 * h) - 15, width: 30, height: 30 });
      const body = meanColor(frame, { x: 165, y: Math.round(top + h) - 40, width: 30, height: 30 });
      expect(distance(face, PRODUCT), `face at ${at}s`).toBeGreaterThan(60);
      expect(distance(body, PRODUCT), `body at ${at}s`).toBeGreaterThan(60);
      // The product whole above the presenter, large; none of its colour below (no blurred copy of it).
      expect(productShare(frame, 0, 320)).toBeGreaterThan(0.2);
      expect(productShare(frame, 330, 640)).toBeLessThan(0.002);
    }
  }, 300_000);

  it('9:16 preview with a photo presenter (override_avatar_by_image): a framed photo card over the product, lower right', async () => {
    const video = await preview({ override_avatar_by_image: pages.url('/presenter.png') }, 'green-screen-photo.mp4');
    const { box, position } = GREEN_SCREEN_CARD['9:16'];
    const w = 360 * box.width;
    const h = 640 * box.height;
    const centre = { x: 360 * (0.5 + position.x), y: 640 * (0.5 + position.y) };
    const frame = await extractFrameRgb(video, 1.5, { width: 360, height: 640 });
    // The photo inside the card (its own background included), the product everywhere else.
    const photo = meanColor(frame, { x: Math.round(centre.x - w / 4), y: Math.round(centre.y - h / 4), width: Math.round(w / 2), height: Math.round(h / 2) });
    expect(distance(photo, PRODUCT)).toBeGreaterThan(60);
    expect(productShare(frame, 0, 320)).toBeGreaterThan(0.2);
    // Beside the card, below the product: the designed backdrop, no copy of the product.
    expect(distance(meanColor(frame, { x: 20, y: 420, width: 100, height: 150 }), PRODUCT)).toBeGreaterThan(60);
    expect(productShare(frame, 330, 640)).toBeLessThan(0.002);
    // The frame around the photo: the light card's edge just outside the photo's left side.
    const rim = meanColor(frame, { x: Math.round(centre.x - w / 2 - 5), y: Math.round(centre.y - 20), width: 3, height: 40 });
    expect(Math.min(...rim)).toBeGreaterThan(180);
  }, 300_000);
});
