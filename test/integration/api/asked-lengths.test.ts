import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateFile } from '../../../src/domain/custom-templates/template-format.js';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { productPhoto } from '../../helpers/product-fixtures.js';

const SHORT_ID = '0f0e0d0c-0b0a-4909-8807-0605040302aa';

/** A template whose voice may run 4 s at most: a longer one must fail the job, never be cut. */
const shortTemplate: TemplateFile = {
  format: 1,
  id: SHORT_ID,
  name: 'Four seconds',
  aspect: '1:1',
  length: { rule: 'voiceover', slot: 'Voice', tailSeconds: 0.5, minSeconds: 2, maxSeconds: 4 },
  slots: { Voice: { type: 'voiceover', default: 'Hello.' } },
  scenes: [{ seconds: 2, background: { color: '#203040' } }],
};

/**
 * The asked length, through the API, probed on the files (issue 28 pt 4): a template's preview and
 * render of one job are as long as each other and as the template sets; a voice longer than the
 * template fails the job saying so. (Each other group's API test probes its own: AI Avatar v1/v2,
 * Aurora, AI Shorts, Ad Clone, AI Editing, Product Video, Text to Speech, Inspiration.)
 */
describe('asked lengths, real renders', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-lengths-');
    pages = await startPageServer();
    pages.route('/product.png', { headers: { 'content-type': 'image/png' }, body: (await productPhoto({ width: 200, height: 240 })).png });
    db = await freshSqlite();
    const dir = join(db.dataDir, 'templates');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'short.json'), JSON.stringify(shortTemplate));
    t = await startTestApp(db, { TEMPLATE_OUTPUT_SCALE: '0.2' }, { credits: 50 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.headers, ...(payload ? { payload } : {}) });
  const seconds = async (url: string | null | undefined, name: string) => (await probeMedia(await downloadTo(t, url, fx.path(name)))).durationSeconds;

  it("a template job's preview and render last the template's length, alike; a voice too long for it fails the job, named", async () => {
    const dyoa = (await t.app.inject({ method: 'GET', url: '/api/dyoa/', headers: t.headers })).json() as { id: string; name: string }[];
    const textOnImage = dyoa.find((d) => d.name === 'DYOA: Text on Image')!;
    const [created, long] = await Promise.all([
      post('/api/custom_template_jobs/preview_async/', {
        template_id: textOnImage.id,
        parameters: { Image: pages.url('/product.png'), Headline: 'Cold for 24 hours' },
      }),
      post('/api/custom_template_jobs/', {
        template_id: SHORT_ID,
        parameters: { Voice: 'Our bottle keeps your drinks cold for a whole day, on every trail, in every weather, all summer long.' },
      }),
    ]);
    expect([created.statusCode, long.statusCode]).toEqual([201, 201]);
    const id = created.json().id as string;
    const previewed = await waitForTask(t, `/api/custom_template_jobs/${id}/`, 120_000);
    expect(previewed.failed_reason).toBeNull();
    const preview = await seconds(previewed.preview, 'preview.mp4');
    expect((await post(`/api/custom_template_jobs/${id}/render/`)).statusCode).toBe(200);
    const done = await waitForTask(t, `/api/custom_template_jobs/${id}/`, 120_000);
    expect(done.failed_reason).toBeNull();
    const render = await seconds(done.output, 'render.mp4');
    // The DYOA card is a fixed 5 s.
    expect(Math.abs(preview - 5)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(render - preview)).toBeLessThanOrEqual(0.05);
    expect(done.duration).toBeCloseTo(render, 1);

    const failed = await waitForTask(t, `/api/custom_template_jobs/${long.json().id}/`, 120_000);
    expect(failed.status).toBe('failed');
    expect(failed.failed_reason).toMatch(/the voiceover "Voice" runs \d+\.\d s, longer than this template's 4\.0 s; shorten its text/);
    expect(failed.credits_used).toBe(0);
  }, 240_000);
});
