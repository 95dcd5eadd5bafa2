import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { MAX_TRUE_PEAK_DBTP, VIDEO_LOUDNESS_LUFS } from '../../../src/core/loudness.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceApiEngine, detectSingleFace, LANDMARK } from '../../../src/engines/face/index.js';
import { extractFrameRgb, meanAbsDifference, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeGradient, makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, makeSpeech, makeTone, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const runFile = promisify(execFile);

/** Aurora through the API: a real portrait (from the face model's package) speaking a recording. */
describe('Aurora', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let speechSeconds: number;
  const uploads: { method: string; type: string | undefined; body: Buffer }[] = [];

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-aurora-');
    pages = await startPageServer();
    // 600x750 portrait, shrunk so the test encodes little.
    pages.route('/face.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePortrait(fx.path('face.jpg'), 'presenter', { width: 400 })),
    });
    pages.route('/nobody.png', {
      headers: { 'content-type': 'image/png' },
      body: await readFile(await makeGradient(fx.path('nobody.png'), { width: 320, height: 400 })),
    });
    const speech = await makeSpeech(fx.path('speech.wav'), 'Hello, I am a photo that talks.');
    speechSeconds = (await probeMedia(speech)).durationSeconds;
    pages.route('/speech.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(speech) });
    pages.route('/minute.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(await makeTone(fx.path('minute.wav'), 61)) });
    pages.route('/upload', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        uploads.push({ method: req.method ?? '', type: req.headers['content-type'], body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 40 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/aurora/', headers: t.headers, payload: payload as object });
  const balance = async () => (await t.app.inject({ method: 'GET', url: '/api/remaining_credits/', headers: t.headers })).json().remaining_credits as number;
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));

  it("animates the photo for as long as the audio, at each model's size, priced per started second", async () => {
    const before = await balance();
    const cases = [
      { body: {}, shortSide: 720, perSecond: 1 },
      { body: { model_version: 'aurora_v1_fast' }, shortSide: 480, perSecond: 0.5 },
      { body: { model_version: 'aurora_v2', resolution: '480p' }, shortSide: 480, perSecond: 0.4 },
    ];
    const created = [];
    for (const c of cases) {
      const r = await post({
        image: pages.url('/face.jpg'),
        audio: pages.url('/speech.wav'),
        name: 'talking photo',
        output_upload_url: pages.url('/upload'),
        ...c.body,
      });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ status: 'pending', output: null, video_output: null, image: pages.url('/face.jpg'), name: 'talking photo' });
      created.push(r.json().id as string);
    }
    let charged = 0;
    for (const [i, c] of cases.entries()) {
      const done = await waitForTask(t, `/api/aurora/${created[i]}/`, 240_000);
      expect(done.failed_reason).toBeNull();
      expect(done.output).toBe(done.video_output);
      const path = await download(done.output, `out-${i}.mp4`);
      const probe = await probeMedia(path);
      // The photo's 4:5 shape becomes the contract's nearest, 1:1, at the model's short side.
      expect(probe.video).toMatchObject({ codec: 'h264', width: c.shortSide, height: c.shortSide });
      // Stereo (the recording is mono): measured as it is heard on two speakers.
      expect(probe.audio).toMatchObject({ codec: 'aac', channels: 2 });
      expect(Math.abs(probe.durationSeconds - speechSeconds)).toBeLessThan(0.1);
      expect(done.credits_used).toBeCloseTo(Math.ceil(speechSeconds) * c.perSecond, 6);
      charged += done.credits_used;
      expect(done.output_upload).toMatchObject({ status: 'uploaded', http_status: 201 });
      // The recording is brought to the video target, not passed through at its own level.
      const { stderr } = await runFile('ffmpeg', ['-nostats', '-i', path, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']);
      const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
      expect(Math.abs(Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]) - VIDEO_LOUDNESS_LUFS)).toBeLessThanOrEqual(1);
      expect(Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1])).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP);

      // It is this photo: the first frame looks like the portrait cropped square (around the face, near the middle here).
      const frame = await extractFrameRgb(path, 0.05, { width: 40, height: 40 });
      const photo = await sharp(await readFile(fx.path('face.jpg')))
        .resize(40, 40, { fit: 'cover' })
        .removeAlpha()
        .raw()
        .toBuffer();
      let diff = 0;
      for (let p = 0; p < photo.length; p++) diff += Math.abs(photo[p]! - frame.data[p]!);
      expect(diff / photo.length).toBeLessThan(25);
    }
    expect(await balance()).toBeCloseTo(before - charged, 5);
    expect(uploads.filter((u) => u.method === 'PUT' && u.type === 'video/mp4')).toHaveLength(3);
    expect(uploads.every((u) => u.body.subarray(4, 8).toString('latin1') === 'ftyp')).toBe(true);

    const list = (await t.app.inject({ method: 'GET', url: `/api/aurora/?ids=${created[0]}`, headers: t.headers })).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([created[0]]);
  }, 300_000);

  it('fails a photo with no face with a reason a person can act on, and charges nothing', async () => {
    const before = await balance();
    const r = await post({ image: pages.url('/nobody.png'), audio: pages.url('/speech.wav') });
    expect(r.statusCode).toBe(201);
    const done = await waitForTask(t, `/api/aurora/${r.json().id}/`, 120_000);
    expect(done.status).toBe('failed');
    expect(done.failed_reason).toMatch(/no face/i);
    expect(done.output).toBeNull();
    expect(await balance()).toBe(before);
  }, 150_000);

  it('answers 400 on the field for unusable input, creating and holding nothing', async () => {
    const before = await balance();
    const cases: [unknown, string][] = [
      [{ audio: pages.url('/speech.wav') }, 'image'],
      [{ image: pages.url('/speech.wav'), audio: pages.url('/speech.wav') }, 'image'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/face.jpg') }, 'audio'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/minute.wav'), model_version: 'aurora_v2' }, 'audio'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), resolution: '1080p' }, 'resolution'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), model_version: 'aurora_v9' }, 'model_version'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), text_prompt: 'calm', prompt_guidance_scale: 3.5 }, 'prompt_guidance_scale'],
      [{ image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), text_prompt: 'calm', prompt_guidance_scale: -1 }, 'prompt_guidance_scale'],
    ];
    for (const [body, field] of cases) {
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json())).toEqual([field]);
    }
    expect(await balance()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/aurora/', headers: t.headers })).json()).toHaveLength(4);
  });

  it("answers 404 for an unknown or another account's task, and 402 without credits", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/aurora/00000000-0000-4000-8000-000000000000/', headers: t.headers })).statusCode).toBe(404);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/aurora/', headers: t.headers })).json()[0].id;
    const poor = await t.c.accounts.create('poor', 0);
    const headers = { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key };
    expect((await t.app.inject({ method: 'GET', url: `/api/aurora/${mine}/`, headers })).statusCode).toBe(404);
    const r = await t.app.inject({ method: 'POST', url: '/api/aurora/', headers, payload: { image: pages.url('/face.jpg'), audio: pages.url('/speech.wav') } });
    expect(r.statusCode).toBe(402);
  });

  it('reads text_prompt for motion: "stay still" keeps the forehead and hair still where the default render moves them', async () => {
    const body = { image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), model_version: 'aurora_v2', resolution: '480p' };
    const still = await post({ ...body, text_prompt: 'Stay still, serious', prompt_guidance_scale: '1' });
    const moving = await post({ ...body, text_prompt: 'A friendly presenter in a studio' });
    expect(still.statusCode).toBe(201);
    expect(still.json()).toMatchObject({
      text_prompt: 'Stay still, serious',
      prompt_guidance_scale: 1,
      prompt_guidance: { matched: ['still', 'serious'], negated: [], head_motion: 0, nod: 1, blink_rate: 0.5, mouth_gain: 1 },
    });
    // An unrecognised prompt is shown as understood as nothing, and renders as without one.
    expect(moving.json().prompt_guidance).toEqual({ matched: [], negated: [], head_motion: 1, nod: 1, blink_rate: 1, mouth_gain: 1 });

    const videos = [];
    for (const [i, r] of [still, moving].entries()) {
      const done = await waitForTask(t, `/api/aurora/${r.json().id}/`, 240_000);
      expect(done.failed_reason).toBeNull();
      expect(done.prompt_guidance).toEqual(r.json().prompt_guidance);
      videos.push(await download(done.output, `guided-${i}.mp4`));
    }
    const size = { width: 480, height: 480 };
    // Where the forehead and hair are: the brows found on the still render's first frame.
    const first = await extractFrameRgb(videos[0]!, 0.02, size);
    const framePng = fx.path('guided-first.png');
    await sharp(first.data, { raw: { width: size.width, height: size.height, channels: 3 } })
      .png()
      .toFile(framePng);
    const face = await detectSingleFace(createFaceApiEngine(), framePng);
    const brows = [...LANDMARK.rightBrow, ...LANDMARK.leftBrow].map((i) => face.landmarks68[i]!);
    const xs = brows.map((p) => p[0]);
    const ys = brows.map((p) => p[1]);
    const browHeight = Math.max(...ys) - Math.min(...ys);
    const forehead = { x: Math.min(...xs), y: Math.min(...ys) - 3 * browHeight, width: Math.max(...xs) - Math.min(...xs), height: 2.5 * browHeight };
    const drift = async (video: string) => {
      const start = await extractFrameRgb(video, 1 / 30, size);
      const later = await Promise.all([0.8, 1.2, 1.6].filter((s) => s < speechSeconds - 0.1).map((s) => extractFrameRgb(video, s, size)));
      return Math.max(...later.map((f) => meanAbsDifference(start, f, forehead)));
    };
    const [stillDrift, movingDrift] = [await drift(videos[0]!), await drift(videos[1]!)];
    expect(stillDrift).toBeLessThan(0.8);
    expect(movingDrift).toBeGreaterThan(1.5);
  }, 300_000);
});
