import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrameRgb, meanColor, measureRmsWindows, probeMedia, type RgbFrame } from '../../../src/engines/ffmpeg/index.js';
import type { TemplateFile } from '../../../src/domain/custom-templates/template-format.js';
import { dyoaTemplateResponse, templateDetailResponse, templateJobResponse, templateResponse } from '../../../src/api/schemas/responses/custom-templates.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { databases, freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeClip, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import type { ResultOf } from '../../../packages/sdk/src/index.js';

/**
 * Custom Templates and DYOA through HTTP: the catalog (built-ins and an operator's file; a broken
 * file skipped), jobs in both body forms, the client's picture and text found in the rendered
 * frames, the length the template sets, the contract's prices, and 400s on the right paths.
 */
const OPERATOR_ID = '0f0e0d0c-0b0a-4909-8807-060504030201';
const TESTIMONIAL_ID = '302be27f-e246-57f0-93ec-492e888570d5';
const RED: [number, number, number] = [220, 30, 30];
const YELLOW = '#FFE600';
const TAIL_SECONDS = 0.6;

/** A small operator template: a picture box, a text box and a voice that sets the length. */
const operatorTemplate: TemplateFile = {
  format: 1,
  id: OPERATOR_ID,
  name: 'Operator card',
  description: 'A test card from DATA_DIR/templates',
  category: 'test',
  aspect: '16:9',
  length: { rule: 'voiceover', slot: 'Voice', tailSeconds: TAIL_SECONDS, minSeconds: 2, maxSeconds: 20 },
  slots: {
    Photo: { type: 'image', required: true, default: { draw: 'pattern', pattern: 'dots', colors: ['#20A040'] } },
    Headline: { type: 'text', required: true, maxChars: 30, default: 'Hi' },
    Voice: { type: 'voiceover', default: 'Hello.' },
  },
  scenes: [
    {
      seconds: 2,
      background: { color: '#101060' },
      transition: { kind: 'fade', seconds: 0.3 },
      layers: [
        { kind: 'image', slot: 'Photo', box: { x: 0.05, y: 0.15, width: 0.4, height: 0.6 }, fit: 'crop' },
        { kind: 'text', slot: 'Headline', box: { x: 0.5, y: 0.1, width: 0.45, height: 0.3 }, style: { sizePx: 90, color: YELLOW, font: 'Montserrat' } },
      ],
    },
    { seconds: 2, background: { slot: 'Photo', fit: 'crop' } },
  ],
};

/** Share of a box's columns that hold a yellow pixel, and the yellow pixels' share of the box. */
function yellowIn(frame: RgbFrame, box: { x: number; y: number; width: number; height: number }): { columns: number; pixels: number } {
  const cols = new Set<number>();
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * frame.width + x) * 3;
      if (frame.data[i]! > 180 && frame.data[i + 1]! > 170 && frame.data[i + 2]! < 110) {
        cols.add(x);
        n++;
      }
    }
  }
  return { columns: cols.size / box.width, pixels: n / (box.width * box.height) };
}

describe('Custom Templates and DYOA through HTTP: renders (sqlite)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-templates-');
    pages = await startPageServer();
    pages.route('/red.png', {
      headers: { 'content-type': 'image/png' },
      body: await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: RED[0], g: RED[1], b: RED[2] } } })
        .png()
        .toBuffer(),
    });
    db = await freshSqlite();
    const dir = join(db.dataDir, 'templates');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'card.json'), JSON.stringify(operatorTemplate));
    await writeFile(join(dir, 'broken.json'), JSON.stringify({ ...operatorTemplate, id: '0f0e0d0c-0b0a-4909-8807-0605040302ff', scenes: [] }));
    await writeFile(join(dir, 'not-json.json'), '{ "format": 1, ');
    t = await startTestApp(db, { TEMPLATE_OUTPUT_SCALE: '0.25' }, { credits: 100 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.headers, ...(payload ? { payload } : {}) });
  const balance = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;
  const job = (id: string) => `/api/custom_template_jobs/${id}/` as const;

  it("lists the catalog: built-ins in three aspects and the operator's file; broken files are skipped", async () => {
    const list = (await get('/api/custom_templates/')).json<ResultOf<'/api/custom_templates/'>>();
    list.forEach((x) => {
      templateResponse.parse(x);
    });
    expect(list.length).toBeGreaterThanOrEqual(17);
    expect(new Set(list.map((x) => x.aspect_ratio))).toEqual(new Set(['16:9', '9:16', '1:1']));
    expect(list.filter((x) => x.id.startsWith('0f0e0d0c')).map((x) => x.name)).toEqual(['Operator card']);
    const detail = templateDetailResponse.parse((await get(`/api/custom_templates/${OPERATOR_ID}/`)).json());
    expect(detail).toMatchObject({
      template_id: OPERATOR_ID,
      aspect_ratio: '16:9',
      preview: expect.any(String),
      variables: {
        Photo: { type: 'image', required: true },
        Headline: { type: 'text', required: true },
        Voice: { type: 'voiceover', required: false },
      },
    });
    expect((await get('/api/custom_templates/0f0e0d0c-0b0a-4909-8807-0605040302ff/')).statusCode).toBe(404);
  });

  it("renders a job: the template's aspect and length, the client's picture and text in their boxes, 5 credits", async () => {
    const start = await balance();
    const created = await post('/api/custom_template_jobs/', {
      template_id: OPERATOR_ID,
      name: 'mine',
      parameters: { Photo: pages.url('/red.png'), Headline: 'SUMMER SALE TODAY', Voice: { text: 'Big summer savings are here for everyone.' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', template_id: OPERATOR_ID, output: null, preview: null, name: 'mine', model_version: 'standard' });
    expect(await balance()).toBe(start - 5);
    const id = created.json().id as string;
    const done = await waitForTask(t, job(id), 120_000);
    expect(done.failed_reason).toBeNull();
    templateJobResponse.parse(done);
    expect(done).toMatchObject({ status: 'done', credits_used: 5, output: expect.any(String), video_output: done.output, video_thumbnail: expect.any(String) });
    expect(await balance()).toBe(start - 5);

    const video = await downloadTo(t, done.output, fx.path('job.mp4'));
    const probe = await probeMedia(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 480, height: 270 });
    expect(probe.audio).toBeDefined();
    // Length from the voiceover: the speech plus the template's tail.
    const raw = (await get(job(id))).json();
    expect(raw.duration).toBeCloseTo(probe.durationSeconds, 1);
    const speech = (await t.c.store.tasks.get(id))!.result.voiceovers as Record<string, { durationSeconds: number }>;
    expect(Math.abs(probe.durationSeconds - (speech.Voice!.durationSeconds + TAIL_SECONDS))).toBeLessThan(0.15);
    const levels = await measureRmsWindows(video, { windowSeconds: 0.25 });
    expect(Math.max(...levels)).toBeGreaterThan(-30);

    // Scene 1: the red picture fills its box; the long headline spans most of its box in yellow.
    const frame = await extractFrameRgb(video, probe.durationSeconds * 0.2, { width: 480, height: 270 });
    const photo = meanColor(frame, { x: 0.1 * 480, y: 0.25 * 270, width: 0.3 * 480, height: 0.4 * 270 });
    expect(Math.hypot(photo[0] - RED[0], photo[1] - RED[1], photo[2] - RED[2])).toBeLessThan(45);
    const textBox = { x: Math.round(0.5 * 480), y: Math.round(0.1 * 270), width: Math.round(0.45 * 480), height: Math.round(0.3 * 270) };
    const text = yellowIn(frame, textBox);
    expect(text.pixels).toBeGreaterThan(0.01);
    // "SUMMER SALE" spans over a third of the box's width; the default "Hi" would cover about a tenth.
    expect(text.columns).toBeGreaterThan(0.35);
    // Outside the boxes: the template's own background.
    const bg = meanColor(frame, { x: 0.5 * 480, y: 0.6 * 270, width: 0.4 * 480, height: 0.3 * 270 });
    expect(Math.hypot(bg[0] - 0x10, bg[1] - 0x10, bg[2] - 0x60)).toBeLessThan(30);
    // Scene 2: the picture is the whole background.
    const late = await extractFrameRgb(video, probe.durationSeconds * 0.85, { width: 480, height: 270 });
    const whole = meanColor(late, { x: 0, y: 0, width: 480, height: 270 });
    expect(Math.hypot(whole[0] - RED[0], whole[1] - RED[1], whole[2] - RED[2])).toBeLessThan(45);

    // A new preview (1 credit), then a render of the job (4 credits).
    const previewed = await post(`${job(id)}preview/`);
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toMatchObject({ id, status: 'processing', preview: null });
    const withPreview = await waitForTask(t, job(id), 120_000);
    expect(withPreview).toMatchObject({ status: 'done', credits_used: 6, preview: expect.any(String) });
    expect((await probeMedia(await downloadTo(t, withPreview.preview, fx.path('preview.mp4')))).video).toMatchObject({ width: 640, height: 360 });
    const rendered = await post(`${job(id)}render/`);
    expect(rendered.json()).toMatchObject({ id, status: 'processing', output: null });
    expect(await waitForTask(t, job(id), 120_000)).toMatchObject({ status: 'done', credits_used: 10, output: expect.any(String) });
    expect(await balance()).toBe(start - 10);
  }, 240_000);

  it('the synchronous preview alias answers done, with the compatible `variables` form, on a DYOA template (1 credit)', async () => {
    const dyoa = (await get('/api/dyoa/')).json<ResultOf<'/api/dyoa/'>>();
    const textOnImage = dyoa.find((d) => d.name === 'DYOA: Text on Image')!;
    expect(textOnImage.parameters).toMatchObject({ Image: { type: 'image', required: true }, Headline: { type: 'text', required: true } });
    const start = await balance();
    const r = await post('/api/custom_template_jobs/preview/', {
      template_id: textOnImage.id,
      variables: { Image: { type: 'image', properties: { url: pages.url('/red.png') } }, Headline: { type: 'text', properties: { content: 'Made here' } } },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'done', credits_used: 1, preview: expect.any(String), output: null, variables: { Headline: { type: 'text' } } });
    const probe = await probeMedia(await downloadTo(t, r.json().preview, fx.path('dyoa.mp4')));
    expect(probe.video).toMatchObject({ width: 360, height: 360 });
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThan(0.1);
    expect(await balance()).toBe(start - 1);
  }, 120_000);

  it("a built-in template's preview video is made from its defaults on first request (an avatar speaking its default script)", async () => {
    const list = (await get('/api/custom_templates/')).json<ResultOf<'/api/custom_templates/'>>();
    const testimonial = list.find((x) => x.id === TESTIMONIAL_ID)!;
    const path = await downloadTo(t, testimonial.preview, fx.path('catalog-preview.mp4'));
    const probe = await probeMedia(path);
    expect(probe.video).toMatchObject({ width: 360, height: 640 });
    expect(probe.audio).toBeDefined();
    // Its length follows the default script (about 7 s of speech) within the template's bounds.
    expect(probe.durationSeconds).toBeGreaterThan(5);
    expect(probe.durationSeconds).toBeLessThan(20);
    // The presenter's box (top two thirds) holds the drawn avatar's clip, not the scene's plain #F4EFE6.
    const frame = await extractFrameRgb(path, 1.0, { width: 360, height: 640 });
    const box = meanColor(frame, { x: 60, y: 60, width: 240, height: 300 });
    expect(Math.hypot(box[0] - 0xf4, box[1] - 0xef, box[2] - 0xe6)).toBeGreaterThan(40);
    const thumb = await readFile(await downloadTo(t, testimonial.thumbnail, fx.path('catalog-thumb.jpg')));
    expect((await sharp(thumb).metadata()).format).toBe('jpeg');
  }, 120_000);
});

describe.each(databases)('Custom Templates and DYOA through HTTP: checks on %s', (_name, makeDb) => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-templates-checks-');
    pages = await startPageServer();
    pages.route('/red.png', {
      headers: { 'content-type': 'image/png' },
      body: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#dd2222' } })
        .png()
        .toBuffer(),
    });
    pages.route('/clip.mp4', {
      headers: { 'content-type': 'video/mp4' },
      body: await readFile(await makeClip(fx.path('clip.mp4'), 1, { width: 64, height: 64 })),
    });
    db = await makeDb();
    t = await startTestApp(db, {}, { credits: 100, consume: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.headers, ...(payload ? { payload } : {}) });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });

  it("DYOA lists at least 6 templates with the spec's fields; POST answers 405", async () => {
    const r = await get('/api/dyoa/');
    expect(r.statusCode).toBe(200);
    const list = r.json<ResultOf<'/api/dyoa/'>>();
    expect(list.length).toBeGreaterThanOrEqual(6);
    list.forEach((d) => {
      dyoaTemplateResponse.parse(d);
    });
    for (const d of list) expect(Object.keys(d)).toEqual(expect.arrayContaining(['id', 'name', 'description', 'thumbnail', 'category', 'parameters']));
    const refused = await post('/api/dyoa/', {});
    expect(refused.statusCode).toBe(405);
    expect(refused.json()).toMatchObject({ code: 'method_not_allowed' });
    expect((await t.app.inject({ method: 'GET', url: '/api/dyoa/' })).statusCode).toBe(401);
  });

  it('400 on the path of each bad value; nothing created or charged', async () => {
    const list = (await get('/api/custom_templates/')).json<ResultOf<'/api/custom_templates/'>>();
    const showcase = list.find((x) => x.name === 'Product Showcase (vertical)')!;
    const before = (await get('/api/remaining_credits/')).json().remaining_credits;
    const cases: [object, string, RegExp][] = [
      [{ template_id: 'nope', parameters: {} }, 'template_id', /Unknown template/],
      [{ template_id: showcase.id, parameters: { 'Product Name': 'Soda' } }, 'parameters.Product Image', /required/],
      [
        { template_id: showcase.id, parameters: { 'Product Image': pages.url('/clip.mp4'), 'Product Name': 'Soda' } },
        'parameters.Product Image',
        /Expected an image but the file is a video \(MP4\)/,
      ],
      [
        { template_id: showcase.id, parameters: { 'Product Image': pages.url('/red.png'), 'Product Name': 'x'.repeat(41) } },
        'parameters.Product Name',
        /no more than 40 characters/,
      ],
      [
        {
          template_id: TESTIMONIAL_ID,
          parameters: { Avatar: '11111111-2222-4333-8444-555555555555', Testimonial: 'Great.', 'Product Image': pages.url('/red.png') },
        },
        'parameters.Avatar',
        /Unknown avatar id/,
      ],
      [
        {
          template_id: TESTIMONIAL_ID,
          variables: {
            Testimonial: { type: 'voiceover', properties: { content: 'Great.', voice_id: 'no-such-voice' } },
            'Product Image': { type: 'image', properties: { url: pages.url('/red.png') } },
          },
        },
        'variables.Testimonial.voice_id',
        /Unknown voice id/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await post('/api/custom_template_jobs/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()[field]?.[0], `${field} in ${r.body}`).toMatch(message);
    }
    expect((await post('/api/custom_template_jobs/preview_async/', { template_id: showcase.id })).json()).toHaveProperty('parameters');
    expect((await get('/api/remaining_credits/')).json().remaining_credits).toBe(before);
    expect(await t.c.store.tasks.list(t.account.account_id, ['custom_template_job'], {})).toEqual([]);
  });

  it('preview_async answers 201 pending with the hold of 1 credit per started 30 s; follow-ups on a pending job → 404 task_not_ready', async () => {
    const list = (await get('/api/custom_templates/')).json<ResultOf<'/api/custom_templates/'>>();
    const quote = list.find((x) => x.name === 'Quote Card')!;
    const r = await post('/api/custom_template_jobs/preview_async/', {
      template_id: quote.id,
      parameters: { Quote: 'Less is more.' },
      model_version: 'aurora_v1',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'pending',
      template_id: quote.id,
      preview: null,
      output: null,
      model_version: 'aurora_v1',
      parameters: { Quote: 'Less is more.' },
    });
    expect((await get('/api/remaining_credits/')).json().remaining_credits).toBe(99);
    const render = await post(`/api/custom_template_jobs/${r.json().id}/render/`);
    expect(render.statusCode).toBe(404);
    expect(render.json()).toMatchObject({ code: 'task_not_ready' });
    expect((await get(`/api/custom_template_jobs/${r.json().id}/`)).json()).toMatchObject({ id: r.json().id, status: 'pending' });
  });
});

describe('Custom Templates: a value that fails at render (sqlite)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;

  beforeAll(async () => {
    pages = await startPageServer();
    pages.route('/photo.png', {
      headers: { 'content-type': 'image/png' },
      body: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#dd2222' } })
        .png()
        .toBuffer(),
    });
    db = await freshSqlite();
    t = await startTestApp(db, { TEMPLATE_OUTPUT_SCALE: '0.25', JOB_MAX_ATTEMPTS: '1' }, { credits: 20, consume: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
  });

  it('a picture gone by render time fails the job with the slot named; the hold is released', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/custom_templates/', headers: t.headers })).json<ResultOf<'/api/custom_templates/'>>();
    const quote = list.find((x) => x.name === 'Quote Card')!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/custom_template_jobs/',
      headers: t.headers,
      payload: { template_id: quote.id, parameters: { Quote: 'Less is more.', Logo: pages.url('/photo.png') } },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits).toBe(15);
    pages.route('/photo.png', { status: 404, body: 'gone' });
    await t.c.queue.startConsuming(t.c.runner.run);
    const failed = await waitForTask(t, `/api/custom_template_jobs/${created.json().id}/`, 60_000);
    expect(failed).toMatchObject({ status: 'failed', credits_used: 0, output: null });
    expect(failed.failed_reason).toMatch(/^Logo: .*404/);
    expect((await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits).toBe(20);
  }, 90_000);
});
