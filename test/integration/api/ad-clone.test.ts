import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpegEngine, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { createTesseractOcr } from '../../../src/engines/ocr/tesseract-ocr.js';
import { captionLookOf, withRoles } from '../../../src/pipelines/ad-clone/analysis/caption-look.js';
import { readShotTexts } from '../../../src/pipelines/ad-clone/analysis/screen-text.js';
import { detectShots } from '../../../src/pipelines/ad-clone/analysis/shot-cuts.js';
import { MAX_HOLD_SECONDS } from '../../../src/pipelines/ad-clone/voice-clone-script.js';
import { templateSchema } from '../../../src/domain/custom-templates/template-format.js';
import { downloadTo, postMultipart, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeClip, makeColorImage, makeFixtureDir, makeSpeech, type FixtureDir } from '../../helpers/media-fixtures.js';
import { makeReferenceAd, type ReferenceScene } from '../../helpers/reference-ads.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const run = promisify(execFile);
const SHOT_SECONDS = [1.6, 2.4, 2.0, 3.0];
const CAPTIONS = ['TIRED OF COLD', 'THIS BOTTLE', 'HOT ALL DAY', 'SHOP NOW'];
const CAPTION_RGB: [number, number, number] = [255, 212, 0];
/** The reference's captions: centred at 72 % of the height, letters 5 % of it. */
const CAPTION_Y = 0.72;

const page = (base: string, images: string[]) => `<!doctype html><html><head>
<title>ThermoFlask Pro – Insulated Steel Bottle</title>
<meta name="description" content="Keeps coffee hot for 12 hours and water cold for 24. Leak-proof lid, fits every cup holder, made of recycled steel.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"ThermoFlask Pro","image":[${images.map((i) => `"${base}${i}"`).join(',')}],"offers":{"@type":"Offer","price":"24.99","priceCurrency":"USD"}}</script>
</head><body><h1>ThermoFlask Pro</h1></body></html>`;

const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const colourDistance = (hex: string, rgb: [number, number, number]) => rgbOf(hex).reduce((s, v, i) => s + Math.abs(v - rgb[i]!), 0);

/**
 * A reference ad made here (`reference-ads.ts`): four moving shots of known lengths, the second
 * coming in by a crossfade, each with its caption (yellow, outlined, low) saying what is heard, and
 * speech that runs to its last second.
 */
async function makeReference(fx: FixtureDir): Promise<string> {
  const speech = await makeSpeech(fx.path('speech.wav'), 'Tired of cold coffee? This bottle keeps it hot all day. Shop now.');
  const ad = await makeReferenceAd({
    path: fx.path('reference.mp4'),
    // Small (a real reference is 1080x1920): OCR reads the outlined captions in part, enough for their place, size and colour.
    width: 180,
    height: 320,
    fps: 25,
    shots: [
      { kind: 'gradient', colors: ['#2050a0', '#90c0f0'], seed: 1 },
      { kind: 'gradient', colors: ['#a02040', '#f0a0a0'], seed: 2 },
      { kind: 'gradient', colors: ['#30a050', '#c0f0a0'], seed: 3 },
      { kind: 'gradient', colors: ['#402060', '#a080c0'], seed: 4 },
    ].map((scene, i) => ({
      seconds: SHOT_SECONDS[i]!,
      scene: scene as ReferenceScene,
      join: i === 1 ? { kind: 'fade' as const, seconds: 0.4 } : { kind: 'cut' as const },
      caption: CAPTIONS[i]!,
    })),
    caption: { centreY: CAPTION_Y, sizeFraction: 0.05, color: '#ffd400' },
    audioPath: speech,
  });
  return ad.path;
}

/** The pixels of a frame's band around height `centreY` (a fraction), and the share of them within `distance` of a colour. */
async function captionBand(path: string, atSeconds: number, centreY: number) {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(atSeconds),
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      `crop=iw:ih*0.16:0:ih*${(centreY - 0.08).toFixed(3)},format=rgb24`,
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 24 },
  );
  const pixels = stdout as Buffer;
  return {
    near(rgb: [number, number, number], distance: number): number {
      let count = 0;
      for (let i = 0; i + 2 < pixels.length; i += 3)
        if (Math.abs(pixels[i]! - rgb[0]) + Math.abs(pixels[i + 1]! - rgb[1]) + Math.abs(pixels[i + 2]! - rgb[2]) < distance) count++;
      return count / (pixels.length / 3);
    },
  };
}

/** When the clone's sound last stops for good: the start of the silence that runs to its end (or its end). */
async function soundEnd(path: string, durationSeconds: number): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-vn', '-af', 'silencedetect=noise=-45dB:d=0.2', '-f', 'null', '-']);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  // A silence running to the end is closed at the end of the stream (or not at all).
  const last = starts.at(-1);
  const closedAt = ends.length === starts.length ? ends.at(-1)! : durationSeconds;
  return last !== undefined && closedAt >= durationSeconds - 0.05 ? last : durationSeconds;
}

describe('Ad Clone over HTTP', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let linkId: string;

  beforeAll(async () => {
    fx = await makeFixtureDir('cw-ad-clone-');
    pages = await startPageServer();
    const images = ['/img/a.png', '/img/b.png', '/img/c.png'];
    for (const [i, colour] of ['#1d3557', '#2a9d8f', '#6d2e46'].entries()) {
      pages.route(images[i]!, {
        headers: { 'content-type': 'image/png' },
        body: await readFile(await makeColorImage(fx.path(`p${i}.png`), colour, { width: 360, height: 640 })),
      });
    }
    pages.route('/product', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: page(pages.baseUrl, images) });
    pages.route('/reference.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(await makeReference(fx)) });
    const silent = fx.path('silent.mp4');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', fx.path('reference.mp4'), '-an', '-c:v', 'copy', silent]);
    pages.route('/silent.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(silent) });
    pages.route('/still.png', { headers: { 'content-type': 'image/png' }, body: await readFile(fx.path('p0.png')) });
    const long = fx.path('long.mp4');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=32x32:d=61:r=5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      long,
    ]);
    pages.route('/long.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(long) });
    db = await freshSqlite();
    t = await startTestApp(db, { AD_CLONE_OUTPUT_SCALE: String(180 / 1080) }, { credits: 100 });
    const link = await t.app.inject({ method: 'POST', url: '/api/links/', headers: t.headers, payload: { url: pages.url('/product') } });
    expect(link.statusCode).toBe(201);
    linkId = link.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    if (!process.env.KEEP_FIXTURES) await fx?.cleanup();
  });

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/ads_clone/', headers: t.headers, payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const balance = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;

  it('clones the reference: its shots, crossfade and pacing, captions at its size and place, the call to action heard whole before the end', async () => {
    const before = await balance();
    const r = await post({ link: linkId, video_url: pages.url('/reference.mp4') });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      status: 'pending',
      link: linkId,
      video_url: pages.url('/reference.mp4'),
      aspect_ratio: '9:16',
      output: null,
      analysis: null,
    });
    const done = await waitForTask(t, `/api/ads_clone/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    expect(done.status).toBe('done');

    // What was seen in the reference: four shots (one of them come by a crossfade, which a fixed
    // scene-score threshold never saw), the captions' place, colour and size.
    const a = done.analysis!;
    expect(a.shots.map((s) => s.duration)).toHaveLength(4);
    a.shots.forEach((s, i) => {
      expect(Math.abs(s.duration - SHOT_SECONDS[i]!)).toBeLessThan(0.1);
    });
    // A caption read (in part at this size) in at least three of the four shots.
    expect(new Set(a.texts.filter((x) => x.shot >= 0 && x.box.y > 0.6).map((x) => x.shot)).size).toBeGreaterThanOrEqual(3);
    expect(a.caption_look).toMatchObject({ region: 'bottom', case: 'upper' });
    expect(Math.abs(a.caption_look!.position.y - (CAPTION_Y - 0.5))).toBeLessThan(0.04);
    expect(colourDistance(a.caption_look!.color, CAPTION_RGB)).toBeLessThan(60);
    expect(a.transcript!.words.length).toBeGreaterThan(4);
    expect(a.script.sentence_count).toBeGreaterThanOrEqual(1);
    const template = templateSchema.parse(done.template);
    expect(template.scenes).toHaveLength(4);
    expect(template.scenes.map((s) => s.transition?.kind ?? 'cut')).toEqual(['fade', 'cut', 'cut', 'cut']);
    expect(done.script).toMatch(/\w+/);

    // The clone itself, looked at.
    const out = await downloadTo(t, done.output, fx.path('clone.mp4'));
    expect(done.video_output).toBe(done.output);
    const probe = await probeMedia(out);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio).toBeDefined();
    // The reference's length, or at most a quarter more when the voice needed its last shot held.
    expect(probe.durationSeconds).toBeGreaterThan(9 - 0.1);
    expect(probe.durationSeconds).toBeLessThan(9 + MAX_HOLD_SECONDS + 0.05);
    const ffmpeg = createFfmpegEngine();
    const shots = await detectShots(ffmpeg, out, probe.durationSeconds, { workDir: fx.path('clone-shots') });
    expect(shots).toHaveLength(4);
    shots.slice(0, 3).forEach((s, i) => {
      expect(Math.abs(s.durationSeconds - SHOT_SECONDS[i]!)).toBeLessThan(0.15);
    });
    // The call to action is heard whole: the voice stops at least half a second before the end.
    expect(await soundEnd(out, probe.durationSeconds)).toBeLessThanOrEqual(probe.durationSeconds - 0.5);
    // Its captions sit where the reference's did, as large, in the reference's colour (read on the first two shots, under the voice).
    const texts = withRoles(
      await readShotTexts({ ffmpeg, ocr: createTesseractOcr() }, { videoPath: out, shots: shots.slice(0, 2), workDir: fx.path('') }),
      done.script!.split(/\s+/),
    );
    const look = captionLookOf(texts, 2);
    expect(look?.region).toBe('bottom');
    expect(Math.abs(look!.position.y - a.caption_look!.position.y)).toBeLessThan(0.06);
    expect(look!.textHeight).toBeGreaterThan(a.caption_look!.text_height * 0.7);
    expect(look!.textHeight).toBeLessThan(a.caption_look!.text_height * 1.4);
    // In the reference's colour: the caption band of a frame under the voice holds yellow letters,
    // hardly any white (read on the pixels: OCR's colour of thin outlined letters at 180x320 swings
    // between their light cores and their dark outlines).
    const band = await captionBand(out, 1.2, a.caption_look!.position.y + 0.5);
    expect(band.near(CAPTION_RGB, 120)).toBeGreaterThan(0.015);
    expect(band.near([255, 255, 255], 60)).toBeLessThan(band.near(CAPTION_RGB, 120) / 4);

    // 12 credits per started 5 s of the clone.
    expect(done.credits_used).toBe(12 * Math.ceil((done.duration! - 1e-6) / 5));
    expect(await balance()).toBeCloseTo(before - done.credits_used, 6);
    expect((await get(`/api/ads_clone/?ids=${done.id}`)).json().map((x: { id: string }) => x.id)).toEqual([done.id]);
  }, 240_000);

  it('clones a silent reference at 16:9: its caption re-set as on-screen text, music under it', async () => {
    const r = await post({ link: linkId, video_url: pages.url('/silent.mp4'), aspect_ratio: '16:9' });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/ads_clone/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    expect(done.analysis).toMatchObject({ transcript: null, script: { sentence_count: 0 }, energy: { level: 'silent' } });
    expect(done.script).toBe('');
    const template = templateSchema.parse(done.template);
    expect(template.music).toMatchObject({ slot: 'Music' });
    // Each shot's caption re-set as text where OCR read it (outlined letters over grain are missed now and then).
    expect(template.scenes.filter((s) => s.layers.some((l) => l.kind === 'text')).length).toBeGreaterThanOrEqual(3);
    const probe = await probeMedia(await downloadTo(t, done.output, fx.path('silent-clone.mp4')));
    expect(probe.video).toMatchObject({ width: 320, height: 180 });
    expect(probe.audio).toBeDefined();
    expect(Math.abs(probe.durationSeconds - 9)).toBeLessThan(0.6);
  }, 240_000);

  it('clones an uploaded reference video onto a link made of uploaded pictures (multipart end to end)', async () => {
    // The link's pictures and the reference both come in as file parts; the fixtures are made here.
    const pictures = new FormData();
    pictures.append('title', 'ThermoFlask Pro');
    pictures.append('description', 'Keeps coffee hot for 12 hours. Leak-proof lid.');
    for (const i of [0, 1])
      pictures.append('image_urls[]', new Blob([new Uint8Array(await readFile(fx.path(`p${i}.png`)))], { type: 'image/png' }), `p${i}.png`);
    const link = await postMultipart(t, '/api/links/link_with_params/', pictures);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().link.image_urls.every((u: string) => u.startsWith('upload:'))).toBe(true);
    const clip = await readFile(await makeClip(fx.path('uploaded-reference.mp4'), 3, { width: 180, height: 320 }, true));
    const form = new FormData();
    form.append('link', link.json().id);
    form.append('video_url', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'reference.mp4');
    const r = await postMultipart(t, '/api/ads_clone/', form);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().video_url).toMatch(/^upload:[0-9a-f-]{36}$/);
    const done = await waitForTask(t, `/api/ads_clone/${r.json().id}/`, 180_000);
    expect(done.failed_reason).toBeNull();
    expect(done.status).toBe('done');
    expect(done.video_url).toBe(r.json().video_url);
    expect(done.analysis!.duration).toBeCloseTo(3, 0);
    expect(done.media_job).toMatch(/^[0-9a-f-]{36}$/);
    const probe = await probeMedia(await downloadTo(t, done.output, fx.path('uploaded-clone.mp4')));
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 320 });
    expect(probe.audio).toBeDefined();
    expect(Math.abs(probe.durationSeconds - 3)).toBeLessThan(0.6);
  }, 240_000);

  it('answers 400 on the field for a bad link, reference, aspect or language, 404 for an unknown task — nothing created or charged', async () => {
    const reference = pages.url('/reference.mp4');
    expect((await post({ link: 'nope', video_url: reference })).json()).toEqual({ link: ['Invalid link ID'] });
    // A link with a video and no picture: nothing to fill the shots with.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/links/link_with_params/',
      headers: t.headers,
      payload: { title: 'Clip only', video_urls: [reference] },
    });
    expect(bare.statusCode, bare.body).toBeLessThan(300);
    const before = await balance();
    const noImage = await post({ link: bare.json().id, video_url: reference });
    expect(noImage.statusCode).toBe(400);
    expect(Object.keys(noImage.json())).toEqual(['link']);
    const picture = await post({ link: linkId, video_url: pages.url('/still.png') });
    expect(picture.statusCode).toBe(400);
    expect(Object.keys(picture.json())).toEqual(['video_url']);
    const missing = await post({ link: linkId, video_url: pages.url('/gone.mp4') });
    expect(Object.keys(missing.json())).toEqual(['video_url']);
    const long = await post({ link: linkId, video_url: pages.url('/long.mp4') });
    expect(long.json().video_url[0]).toMatch(/at most 60 s/);
    expect(Object.keys((await post({ link: linkId })).json())).toEqual(['video_url']);
    expect(Object.keys((await post({ link: linkId, video_url: reference, aspect_ratio: '4:3' })).json())).toEqual(['aspect_ratio']);
    expect(Object.keys((await post({ link: linkId, video_url: reference, language: 'xx' })).json())).toEqual(['language']);
    expect((await get('/api/ads_clone/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await get('/api/ads_clone/')).json()).toHaveLength(3);
    expect(await balance()).toBe(before);
  }, 60_000);
});
