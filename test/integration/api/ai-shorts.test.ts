import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiShortKind } from '../../../src/domain/shorts/ai-short-kind.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { extractFrameRgb, meanColor, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import type { ShortPlan } from '../../../src/pipelines/shorts/short-plan.js';
import { aiShortTaskResponse } from '../../../src/api/schemas/responses/ai-shorts.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeFixtureDir, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';
import { mockColour, startImagesServer, type ImagesServer } from '../../helpers/openai-images-server.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';
import { readFile } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';

/** Three sentences about three different things: three scenes, three different pictures. */
const SCRIPT = 'My dog loves to run on the beach every morning. Rockets fly far beyond the moon at night. Pizza with cheese is my favourite food.';

const PRODUCT_ORANGE = '#ff6a10';

type Rgb = { data: Uint8Array | Buffer; width: number; height: number };

/** Mean saturation (HSV, 0..1) and mean brightness (0..255) of a frame: its colour statistics. */
function colourStats(frame: Rgb): { saturation: number; brightness: number } {
  let s = 0,
    v = 0;
  const n = frame.width * frame.height;
  for (let i = 0; i < n; i++) {
    const r = frame.data[i * 3]!,
      g = frame.data[i * 3 + 1]!,
      b = frame.data[i * 3 + 2]!;
    const max = Math.max(r, g, b),
      min = Math.min(r, g, b);
    s += max === 0 ? 0 : (max - min) / max;
    v += (r + g + b) / 3;
  }
  return { saturation: s / n, brightness: v / n };
}

/** Mean absolute difference of two frames of one size, 0..255. */
function frameDifference(a: Rgb, b: Rgb): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/** AI Shorts through the API: a script narrated over illustrated scenes in a style, previewed and rendered. */
describe('AI Shorts (ai_shorts)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-shorts-');
    pages = await startPageServer();
    pages.route('/tune.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(await makeTone(fx.path('tune.wav'), 3, 330, 0.3)) });
    pages.route('/notaudio.wav', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 60 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: t.headers, payload: payload as object });
  const credits = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const planOf = async (id: string) => aiShortKind.shownResultOf((await t.c.store.tasks.get(id))!).plan as unknown as ShortPlan;
  const narrationSeconds = async (id: string) => {
    const task = (await t.c.store.tasks.get(id))!;
    const path = fx.path(`${id}-voice.mp3`);
    await pipeline(t.c.blobs.read(aiShortKind.fileKey(task, 'plan', 'voice.mp3')), createWriteStream(path));
    return (await probeMedia(path)).durationSeconds;
  };

  let pixelId = '';
  let lineId = '';

  it("previews one script in two styles: scenes cut at its sentences, as long as the narration, the styles' colours apart", async () => {
    const before = await credits();
    const [pixel, line] = await Promise.all([
      post('/api/ai_shorts/preview/', { script: SCRIPT, aspect_ratio: '9:16', style: 'Pixel art', caption_setting: { style: 'normal-white' } }),
      post('/api/ai_shorts/preview/', {
        script: SCRIPT,
        aspect_ratio: '9x16',
        style: 'Line art',
        background_music_url: pages.url('/tune.wav'),
        background_music_volume: 0.3,
      }),
    ]);
    expect([pixel.statusCode, line.statusCode]).toEqual([201, 201]);
    expect(pixel.json()).toMatchObject({ status: 'pending', preview: null, output: null, style: 'Pixel art', aspect_ratio: '9:16', script: SCRIPT });
    expect(line.json()).toMatchObject({ aspect_ratio: '9x16', style: 'Line art' });
    // As documented in the OpenAPI document (strict: no field it does not name).
    aiShortTaskResponse.parse(pixel.json());
    pixelId = pixel.json().id;
    lineId = line.json().id;
    const [p, l] = await Promise.all([waitForTask(t, `/api/ai_shorts/${pixelId}/`, 240_000), waitForTask(t, `/api/ai_shorts/${lineId}/`, 240_000)]);
    expect([p.failed_reason, l.failed_reason]).toEqual([null, null]);
    expect(p.output).toBeNull();
    expect(p.credits_used).toBe(1);
    aiShortTaskResponse.parse(p);
    expect(await credits()).toBe(before - 2);

    const plan = await planOf(pixelId);
    expect(plan.scenes.map((s) => s.icons[0])).toEqual(['dog', 'rocket', 'pizza']);
    expect(plan.scenes.map((s) => s.text)).toEqual(SCRIPT.match(/[^.]+\./g)!.map((s) => s.trim()));
    const file = await downloadTo(t, p.preview, fx.path('pixel.mp4'));
    const video = await probeMedia(file);
    expect(video.video).toMatchObject({ codec: 'h264', width: 360, height: 640 });
    expect(video.audio?.codec).toBe('aac');
    expect(Math.abs(video.durationSeconds - (await narrationSeconds(pixelId)))).toBeLessThanOrEqual(0.3);

    // Two scenes about different things look different: the middle of the first and of the second.
    const mid = (k: number) => (plan.scenes[k]!.startSeconds + plan.scenes[k]!.endSeconds) / 2;
    const size = { width: 90, height: 160 };
    const [dog, rocket] = await Promise.all([extractFrameRgb(file, mid(0), size), extractFrameRgb(file, mid(1), size)]);
    expect(frameDifference(dog, rocket)).toBeGreaterThan(12);

    // The same script in line art: ink on paper, nearly colourless and bright; pixel art keeps its colours.
    const lineFile = await downloadTo(t, l.preview, fx.path('line.mp4'));
    expect(Math.abs((await probeMedia(lineFile)).durationSeconds - (await narrationSeconds(lineId)))).toBeLessThanOrEqual(0.3);
    const [pixelStats, lineStats] = [colourStats(dog), colourStats(await extractFrameRgb(lineFile, mid(0), size))];
    expect(lineStats.saturation).toBeLessThan(0.12);
    expect(pixelStats.saturation - lineStats.saturation).toBeGreaterThan(0.1);
    expect(lineStats.brightness - pixelStats.brightness).toBeGreaterThan(40);
  }, 400_000);

  it("shows the product of a link (extension) in at least a third of the scenes, by pixels; the rest keep the sentence's pictures", async () => {
    // A product photo: an orange bottle with a dark cap on a white studio background. Orange is
    // in none of the line-art style's colours, so an orange patch in a frame is the product.
    const canvas = createCanvas(300, 450);
    const g = canvas.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 300, 450);
    g.fillStyle = PRODUCT_ORANGE;
    g.beginPath();
    g.roundRect(90, 110, 120, 300, 30);
    g.fill();
    g.fillStyle = '#222222';
    g.fillRect(115, 60, 70, 55);
    pages.route('/bottle.png', { headers: { 'content-type': 'image/png' }, body: canvas.toBuffer('image/png') });
    // The product as a link (POST /api/links/link_with_params/): its photo and its name.
    const link = await post('/api/links/link_with_params/', { title: 'Northpeak TrailFlask 32 oz', image_urls: [pages.url('/bottle.png')] });
    expect(link.statusCode, link.body).toBe(200);
    const linkId = link.json().id as string;
    // Four scenes: the one presenting the product, the one about "it" and the last show it; the ice keeps its picture.
    const script =
      'Meet the Northpeak TrailFlask bottle. It fits neatly in your cup holder. Ice cold drinks for the whole day. Order yours today with free shipping.';
    const r = await post('/api/ai_shorts/preview/', {
      script,
      aspect_ratio: '9:16',
      style: 'Line art',
      caption_setting: { hidden: true },
      background_music_volume: 0,
      link: linkId,
    });
    expect(r.statusCode, r.body).toBe(201);
    const done = await waitForTask(t, `/api/ai_shorts/${r.json().id}/`, 240_000);
    expect(done.failed_reason).toBeNull();
    const plan = await planOf(done.id);
    const shows = plan.scenes.map((s) => s.shows);
    const withProduct = shows.filter((s) => s === 'product').length;
    expect(plan.scenes.length).toBe(4);
    expect(withProduct).toBeGreaterThanOrEqual(Math.ceil(plan.scenes.length / 3));
    // A sentence whose subject is the product ("It fits …") shows the product; one about something else keeps its picture.
    expect(plan.scenes.map((s) => (s.shows === 'product' ? 'product' : s.icons[0]))).toEqual(['product', 'product', 'ice', 'product']);
    expect(plan.scenes.flatMap((s) => s.icons)).not.toContain('cup-with-straw');

    // Sampled frames: the middle of every scene; the product's orange covers a real patch of those that show it.
    const file = await downloadTo(t, done.preview, fx.path('product.mp4'));
    const size = { width: 72, height: 128 };
    const orangeShare = (frame: Rgb) => {
      let n = 0;
      for (let i = 0; i < frame.width * frame.height; i++) {
        const [r0, g0, b0] = [frame.data[i * 3]!, frame.data[i * 3 + 1]!, frame.data[i * 3 + 2]!];
        if (Math.abs(r0 - 0xff) + Math.abs(g0 - 0x6a) + Math.abs(b0 - 0x10) < 90) n++;
      }
      return n / (frame.width * frame.height);
    };
    const orangeRows = (frame: Rgb) => {
      const rows: number[] = [];
      for (let y = 0; y < frame.height; y++) {
        let n = 0;
        for (let x = 0; x < frame.width; x++) {
          const i = (y * frame.width + x) * 3;
          if (Math.abs(frame.data[i]! - 0xff) + Math.abs(frame.data[i + 1]! - 0x6a) + Math.abs(frame.data[i + 2]! - 0x10) < 90) n++;
        }
        if (n >= 2) rows.push(y);
      }
      return rows.length > 0 ? (rows[rows.length - 1]! - rows[0]! + 1) / frame.height : 0;
    };
    const frames = await Promise.all(plan.scenes.map((s) => extractFrameRgb(file, (s.startSeconds + s.endSeconds) / 2, size)));
    const shares = frames.map(orangeShare);
    // The product fills the frame: its body alone (the orange, not the cap) stands ≥ 40 % of the 9:16 frame's height.
    for (const [k, f] of frames.entries()) if (shows[k] === 'product') expect(orangeRows(f), `scene ${k} product height`).toBeGreaterThanOrEqual(0.4);
    const seen = shares.filter((x) => x > 0.03).length;
    expect(seen, shares.map((x) => x.toFixed(3)).join(' ')).toBeGreaterThanOrEqual(Math.ceil(plan.scenes.length / 3));
    // … in exactly the scenes planned to show it.
    for (const [k, x] of shares.entries()) expect(x > 0.03, `scene ${k}: ${x.toFixed(3)}`).toBe(shows[k] === 'product');
  }, 300_000);

  it('renders a previewed short at full size on the same task; a direct create renders at once; both priced per the contract', async () => {
    const voices = (await t.app.inject({ method: 'GET', url: '/api/voices/paginated/?page_size=100', headers: t.headers })).json().results as {
      id: string;
      language?: string;
    }[];
    const voice = voices.find((v) => v.language === 'en') ?? voices[0]!;
    const before = await credits();
    const [previewed, direct] = await Promise.all([
      post('/api/ai_shorts/preview/', { script: 'Coffee in the morning.', aspect_ratio: '1:1', style: 'kawaii', voice_id: voice.id, name: 'cup' }),
      post('/api/ai_shorts/', { script: 'Gears turn in the old clock tower.', aspect_ratio: '16:9', style: 'Steam punk', accent: voice.id }),
    ]);
    expect([previewed.statusCode, direct.statusCode]).toEqual([201, 201]);
    expect(previewed.json()).toMatchObject({ style: 'Kawaii', accent: voice.id, voice_id: voice.id, name: 'cup' });
    const id = previewed.json().id;
    expect((await post(`/api/ai_shorts/${id}/render/`)).statusCode).toBe(404);
    await waitForTask(t, `/api/ai_shorts/${id}/`, 240_000);
    const r = await post(`/api/ai_shorts/${id}/render/`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id, status: 'processing', output: null });
    const [done, made] = await Promise.all([waitForTask(t, `/api/ai_shorts/${id}/`, 300_000), waitForTask(t, `/api/ai_shorts/${direct.json().id}/`, 300_000)]);
    expect([done.failed_reason, made.failed_reason]).toEqual([null, null]);
    expect(done.preview).not.toBeNull();
    expect(done.video_output).toBe(done.output);
    const full = await probeMedia(await downloadTo(t, done.output, fx.path('render.mp4')));
    expect(full.video).toMatchObject({ codec: 'h264', width: 1080, height: 1080 });
    expect(Math.abs(full.durationSeconds - (await narrationSeconds(id)))).toBeLessThanOrEqual(0.3);
    expect(done.credits_used).toBe(1 + 4);
    expect(made.preview).toBeNull();
    const wide = await probeMedia(await downloadTo(t, made.output, fx.path('direct.mp4')));
    expect(wide.video).toMatchObject({ width: 1920, height: 1080 });
    expect(made.credits_used).toBe(5);
    expect(await credits()).toBe(before - 10);

    const list = await t.app.inject({ method: 'GET', url: `/api/ai_shorts/?ids=${id},${lineId}`, headers: t.headers });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([id, lineId].sort());
    for (const item of list.json()) aiShortTaskResponse.parse(item);
    aiShortTaskResponse.parse(done);
    const stranger = await t.c.accounts.create('stranger', 10);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/ai_shorts/${lineId}/`,
      headers: { 'x-api-id': stranger.api_id, 'x-api-key': stranger.api_key },
    });
    expect(foreign.statusCode).toBe(404);
  }, 400_000);

  it('answers 400 on the field for an unknown style (listing the ten), a missing script, an unknown voice, unusable music; nothing is charged', async () => {
    const before = await credits();
    const unknown = await post('/api/ai_shorts/', { script: 'Hello there.', aspect_ratio: '9:16', style: 'Watercolour' });
    expect(unknown.statusCode).toBe(400);
    for (const style of SHORT_STYLES) expect(unknown.json().style[0]).toContain(style);
    const cases: [unknown, string][] = [
      [{ aspect_ratio: '9:16', style: '3D' }, 'script'],
      [{ script: '   ', aspect_ratio: '9:16', style: '3D' }, 'script'],
      [{ script: 'Hi there.', style: '3D' }, 'aspect_ratio'],
      [{ script: 'Hi there.', aspect_ratio: '4:3', style: '3D' }, 'aspect_ratio'],
      [{ script: 'Hi there.', aspect_ratio: '9:16' }, 'style'],
      [{ script: 'Hi there.', aspect_ratio: '9:16', style: '3D', accent: 'nope' }, 'accent'],
      [{ script: 'Hi there.', aspect_ratio: '9:16', style: '3D', voice_id: 'nope' }, 'voice_id'],
      [{ script: 'Hi there.', aspect_ratio: '9:16', style: '3D', background_music_url: pages.url('/notaudio.wav') }, 'background_music_url'],
      [{ script: 'Hi there.', aspect_ratio: '9:16', style: '3D', background_music_volume: 2 }, 'background_music_volume'],
    ];
    for (const [body, field] of cases) {
      const r = await post('/api/ai_shorts/preview/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json()), JSON.stringify(body)).toContain(field);
    }
    expect(await credits()).toBe(before);
    expect((await post('/api/ai_shorts/00000000-0000-4000-8000-000000000000/render/')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ai_shorts/00000000-0000-4000-8000-000000000000/', headers: t.headers })).statusCode).toBe(404);
  });
});

/** With a remote images provider configured, each scene's picture is painted from a prompt of its words and the style. */
describe('AI Shorts with a remote OpenAI-compatible images provider', () => {
  let db: TestDatabase;
  let t: TestApp;
  let images: ImagesServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-shorts-remote-');
    images = await startImagesServer({ apiKey: 'sk-test' });
    db = await freshSqlite();
    t = await startTestApp(db, { IMAGES_API_URL: images.baseUrl, IMAGES_API_KEY: 'sk-test', IMAGES_MODEL: 'painter-1' }, { credits: 20 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await images?.close();
    await fx?.cleanup();
  });

  it('asks for one picture per scene and shows what the provider painted', async () => {
    const script = 'A lighthouse stands on the rocky coast. Whales sing deep under the waves.';
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/ai_shorts/preview/',
      headers: t.headers,
      payload: { script, aspect_ratio: '9:16', style: 'Cinematic', caption_setting: { hidden: true } },
    });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/ai_shorts/${r.json().id}/`, 240_000);
    expect(done.failed_reason).toBeNull();
    const asked = images.requests.filter((q) => q.path.endsWith('/images/generations'));
    expect(asked).toHaveLength(2);
    for (const q of asked) expect(q.fields.prompt).toMatch(/cinematic/i);
    const plan = aiShortKind.shownResultOf((await t.c.store.tasks.get(done.id))!).plan as unknown as ShortPlan;
    expect(plan.scenes.map((s) => s.text)).toEqual(['A lighthouse stands on the rocky coast.', 'Whales sing deep under the waves.']);
    expect(plan.scenes.map((s) => s.drawnBy)).toEqual(['remote:painter-1', 'remote:painter-1']);
    // Scenes are painted two at a time: each scene's request is the one with its words.
    const promptOf = (text: string) => asked.find((q) => q.fields.prompt!.includes(text))!.fields.prompt!;
    // The mock paints one flat colour per prompt; the middle of each scene shows it.
    const file = await downloadTo(t, done.preview, fx.path('remote.mp4'));
    for (const [k, scene] of plan.scenes.entries()) {
      const frame = await extractFrameRgb(file, (scene.startSeconds + scene.endSeconds) / 2, { width: 36, height: 64 });
      const centre = meanColor(frame, { x: 8, y: 16, width: 20, height: 20 });
      const painted = mockColour(promptOf(scene.text), 0);
      for (let c = 0; c < 3; c++) expect(Math.abs(centre[c]! - painted[c]!), `scene ${k} channel ${c}`).toBeLessThan(24);
    }
  }, 300_000);
});
