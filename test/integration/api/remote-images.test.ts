import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { mockColour, startImagesServer, type ImagesServer } from '../../helpers/openai-images-server.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

/** The pixel at (x, y) of a PNG file. */
async function pixelAt(png: string, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const near = (a: number[], b: number[], tolerance = 12) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

describe('a remote OpenAI-compatible images provider, through HTTP', () => {
  let db: TestDatabase;
  let t: TestApp;
  let images: ImagesServer;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-remote-images-');
    images = await startImagesServer({ apiKey: 'sk-test' });
    pages = await startPageServer();
    pages.route('/bottle.jpg', { headers: { 'content-type': 'image/jpeg' }, body: (await productPhoto({ width: 240, height: 300 })).jpeg });
    db = await freshSqlite();
    t = await startTestApp(
      db,
      { IMAGES_API_URL: images.baseUrl, IMAGES_API_KEY: 'sk-test', IMAGES_MODEL: 'painter-1', PRODUCT_VIDEO_OUTPUT_SCALE: '0.2' },
      { credits: 100 },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await images?.close();
    await pages?.close();
    await fx?.cleanup();
  });

  it('paints the background of gen_image from image_prompt; the product keeps its own pixels', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product_to_videos/gen_image/',
      headers: t.headers,
      payload: { product_url: pages.url('/bottle.jpg'), image_prompt: 'a sunlit beach at golden hour' },
    });
    expect(created.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/product_to_videos/${created.json().id}/`, 120_000);
    expect(done.failed_reason).toBeNull();
    const asked = images.requests.find((r) => r.path.endsWith('/images/generations'));
    expect(asked?.fields.prompt).toContain('a sunlit beach at golden hour');
    const png = await downloadTo(t, done.generated_photo_url, fx.path('remote.png'));
    // The top corners are the provider's painting (the mock paints one flat colour per prompt).
    const painted = mockColour(asked!.fields.prompt!, 0);
    expect(near(await pixelAt(png, 2, 2), painted)).toBe(true);
    const { width } = await sharp(png).metadata();
    expect(near(await pixelAt(png, width! - 3, 2), painted)).toBe(true);
    // The bottle's red is still there, uncoloured by the painted scene.
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3) if (near([data[i]!, data[i + 1]!, data[i + 2]!], [0xc0, 0x39, 0x2b], 20)) red++;
    expect(red / (data.length / 3)).toBeGreaterThan(0.01);
  }, 180_000);

  it("lists the provider's models in the asset schema, marked remote, and makes pictures with them", async () => {
    const schema = (await t.app.inject({ method: 'GET', url: '/api/ai_generation/schema/', headers: t.headers })).json();
    const remote = schema.models.filter((m: { id: string }) => m.id.startsWith('painter-1'));
    expect(remote.map((m: { id: string }) => m.id).sort()).toEqual(['painter-1', 'painter-1-edit']);
    expect(remote.every((m: { description: string }) => /remote/i.test(m.description))).toBe(true);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ai_generation/',
      headers: t.headers,
      payload: { model_name: 'painter-1', input_params: { prompt: 'a blue ceramic mug', output_nums: 2 } },
    });
    expect(created.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/ai_generation/${created.json().id}/`, 120_000);
    expect(done.failed_reason).toBeNull();
    expect(done.assets).toHaveLength(2);
    const colours = await Promise.all(
      done.assets.map(async (a: { url: string }, i: number) => pixelAt(await downloadTo(t, a.url, fx.path(`asset-${i}.png`)), 5, 5)),
    );
    expect(colours[0]).not.toEqual(colours[1]);
  }, 180_000);
});
