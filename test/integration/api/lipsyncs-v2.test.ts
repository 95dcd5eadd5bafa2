import { mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { extractFrameRgb, meanColor, measureRmsWindows, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../../helpers/app.js';
import { freshSqlite, type TestDatabase } from '../../helpers/databases.js';
import { makeChords, makeColorImage, makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/** AI Avatar v2 through the API: a two-scene video with a transition, a circle avatar, music and an end card. */
describe('AI Avatar v2 (lipsyncs_v2)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let pages: PageServer;
  let fx: FixtureDir;
  let voiceId: string;
  const text = 'Hello there! Meet our new bottle.';
  const silenceSeconds = 1.5;
  const ctaSeconds = 1;

  beforeAll(async () => {
    fx = await makeFixtureDir('clipwright-lipsync-v2-');
    pages = await startPageServer();
    const serve = async (path: string, file: string, type: string) => pages.route(path, { headers: { 'content-type': type }, body: await readFile(file) });
    await serve('/red.png', await makeColorImage(fx.path('red.png'), '#E01010', { width: 90, height: 160 }), 'image/png');
    await serve('/green.png', await makeColorImage(fx.path('green.png'), '#10C010', { width: 160, height: 160 }), 'image/png');
    await serve('/blue.png', await makeColorImage(fx.path('blue.png'), '#1030E0', { width: 90, height: 160 }), 'image/png');
    await serve('/music.wav', await makeChords(fx.path('music.wav'), 4), 'audio/wav');
    pages.route('/notimage.png', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    db = await freshSqlite();
    t = await startTestApp(db, {}, { credits: 60 });
    voiceId = t.c.speech.defaultVoiceId!;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await pages?.close();
    await fx?.cleanup();
  });

  const post = (url: string, payload?: unknown, headers = t.headers) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
  const download = (url: string | null | undefined, name: string) => downloadTo(t, url, fx.path(name));
  const credits = async () => (await get('/api/remaining_credits/')).json().remaining_credits as number;

  const twoScenes = () => ({
    aspect_ratio: '9:16',
    name: 'Bottle launch',
    video_inputs: [
      {
        character: { type: 'avatar', avatar_id: DEFAULT_AVATAR_ID, avatar_style: 'circle' },
        voice: { type: 'text', input_text: text, voice_id: voiceId },
        background: { type: 'image', url: pages.url('/red.png'), fit: 'crop' },
        transition_effect: { transition_out: 'fade' },
        visual_style: 'FullAvatar',
      },
      {
        character: { avatar_id: DEFAULT_AVATAR_ID },
        voice: { type: 'silence', duration: silenceSeconds },
        background: { type: 'image', url: pages.url('/green.png'), effect: 'imageZoomIn' },
        visual_style: 'SideBySide',
      },
    ],
    background_music: { url: pages.url('/music.wav'), volume: 0.3 },
    cta_end: true,
    cta_background: pages.url('/blue.png'),
    cta_duration: ctaSeconds,
  });

  it('previews a two-scene video, renders it at full size, and takes a new preview through /api/lipsyncs/{id}/preview/', async () => {
    const work = fx.path('speech');
    await mkdir(work, { recursive: true });
    const speech = await t.c.speech.synthesizer.synthesize({ accountId: t.account.account_id, text, voiceId, workDir: work });
    const expectedSeconds = speech.durationSeconds + silenceSeconds + ctaSeconds;

    const r = await post('/api/lipsyncs_v2/preview/', twoScenes());
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', preview: null, output: null, aspect_ratio: '9:16', name: 'Bottle launch', model_version: 'standard' });
    expect(r.json().video_inputs).toHaveLength(2);
    const id = r.json().id as string;

    const previewed = await waitForTask(t, `/api/lipsyncs_v2/${id}/`, 240_000);
    expect(previewed.failed_reason).toBeNull();
    expect(previewed.output).toBeNull();
    const preview = await probeMedia(await download(previewed.preview, 'preview.mp4'));
    expect(preview.video).toMatchObject({ codec: 'h264', width: 360, height: 640 });
    expect(Math.abs(preview.durationSeconds - expectedSeconds)).toBeLessThan(0.2);

    const render = await post(`/api/lipsyncs_v2/${id}/render/`);
    expect(render.statusCode).toBe(200);
    expect(render.json()).toMatchObject({ id, status: 'processing', output: null });
    const done = await waitForTask(t, `/api/lipsyncs_v2/${id}/`, 400_000);
    expect(done.failed_reason).toBeNull();
    const file = await download(done.output, 'render.mp4');
    const full = await probeMedia(file);
    expect(full.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(full.audio?.codec).toBe('aac');
    expect(Math.abs(full.durationSeconds - expectedSeconds)).toBeLessThan(0.2);
    expect(done.duration).toBeCloseTo(full.durationSeconds, 0);
    // Under 30 s: the preview (1 credit) and the render (4).
    expect(done.credits_used).toBe(5);

    // Scene 1, FullAvatar with a picture, circle style: the presenter's slot is the bottom 60 % (the
    // picture stands whole above it), the bubble its largest square (1080 px, centred at y 1344);
    // the bubble box's corners show the red picture's fill, its middle and edges the avatar.
    const scale = 4;
    const f1 = await extractFrameRgb(file, Math.min(1, speech.durationSeconds / 2), { width: 1080 / scale, height: 1920 / scale });
    const at = (x: number, y: number) => meanColor(f1, { x: Math.round(x / scale) - 3, y: Math.round(y / scale) - 3, width: 6, height: 6 });
    // The fill around a whole picture is the picture blurred and a little darker.
    const isRed = ([r, g, b]: number[]) => r! > 130 && g! < 80 && b! < 80;
    expect(isRed(at(45, 849)), 'top-left corner of the bubble box').toBe(true);
    expect(isRed(at(1035, 1839)), 'bottom-right corner of the bubble box').toBe(true);
    expect(isRed(at(540, 1344)), 'middle of the bubble').toBe(false);
    expect(isRed(at(80, 1344)), 'inside the bubble near its left edge').toBe(false);
    expect(isRed(at(540, 200)), 'above the bubble: the picture').toBe(true);

    // Scene 2, SideBySide: the green picture fills the left half, the avatar's panel the right.
    const f2 = await extractFrameRgb(file, speech.durationSeconds + silenceSeconds * 0.6, { width: 108, height: 192 });
    const [lr, lg, lb] = meanColor(f2, { x: 10, y: 60, width: 30, height: 60 });
    expect(lg).toBeGreaterThan(150);
    expect(lr + lb).toBeLessThan(120);
    const [rr, rg, rb] = meanColor(f2, { x: 64, y: 60, width: 34, height: 60 });
    expect(rg > 150 && rr + rb < 120).toBe(false);

    // The end card shows the cta_background colour.
    const end = await extractFrameRgb(file, expectedSeconds - 0.3, { width: 54, height: 96 });
    const [er, eg, eb] = meanColor(end, { x: 10, y: 20, width: 34, height: 56 });
    expect(eb).toBeGreaterThan(170);
    expect(er + eg).toBeLessThan(140);

    // Music plays under the silent scene.
    const rms = await measureRmsWindows(file, { windowSeconds: 0.25 });
    const silentScene = rms.slice(Math.ceil((speech.durationSeconds + 0.4) / 0.25), Math.floor((speech.durationSeconds + silenceSeconds - 0.1) / 0.25));
    expect(silentScene.length).toBeGreaterThan(0);
    expect(Math.min(...silentScene)).toBeGreaterThan(-45);

    // A new preview through the spec's path keeps the output and replaces the preview.
    const again = await post(`/api/lipsyncs/${id}/preview/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'processing', preview: null });
    const repreviewed = await waitForTask(t, `/api/lipsyncs/${id}/`, 240_000);
    expect(repreviewed.failed_reason).toBeNull();
    expect(repreviewed.preview).not.toBeNull();
    expect(repreviewed.output).not.toBeNull();
    expect(repreviewed).toMatchObject({ video_inputs: [expect.anything(), expect.anything()] });
    expect(repreviewed.credits_used).toBe(6);

    const listed = await get(`/api/lipsyncs_v2/?ids=${id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((x: { id: string }) => x.id)).toEqual([id]);
  }, 900_000);

  it('answers 400 on the exact field, 402 when credits are short and 404 for unknown ids; nothing is charged', async () => {
    const before = await credits();
    const scene = () => twoScenes().video_inputs[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ video_inputs: [] }, 'video_inputs'],
      [{}, 'video_inputs'],
      [{ video_inputs: [scene(), { ...scene(), voice: { type: 'text', input_text: '  ' } }] }, 'video_inputs.1.voice.input_text'],
      [{ video_inputs: [{ ...scene(), voice: { type: 'silence' } }] }, 'video_inputs.0.voice.duration'],
      [{ video_inputs: [{ ...scene(), character: { avatar_id: '00000000-0000-4000-8000-000000000000' } }] }, 'video_inputs.0.character.avatar_id'],
      [{ video_inputs: [{ ...scene(), voice: { type: 'text', input_text: 'Hi', voice_id: 'nope' } }] }, 'video_inputs.0.voice.voice_id'],
      [{ video_inputs: [{ ...scene(), visual_style: 'Bogus' }] }, 'video_inputs.0.visual_style'],
      [{ video_inputs: [{ ...scene(), character: { avatar_id: DEFAULT_AVATAR_ID, scale: 3 } }] }, 'video_inputs.0.character.scale'],
      [{ video_inputs: [scene(), { ...scene(), background: { type: 'image', url: pages.url('/notimage.png') } }] }, 'video_inputs.1.background.url'],
      [{ video_inputs: [{ ...scene(), background: { type: 'video', url: pages.url('/red.png') } }] }, 'video_inputs.0.background.url'],
      [{ video_inputs: [scene()], cta_end: true }, 'cta_background'],
      [{ video_inputs: [scene()], background_music: { url: pages.url('/missing.mp3') } }, 'background_music.url'],
    ];
    for (const [body, field] of cases) {
      const r = await post('/api/lipsyncs_v2/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json()), JSON.stringify(r.json())).toContain(field);
    }
    const visual = await post('/api/lipsyncs_v2/', { video_inputs: [{ ...scene(), visual_style: 'Bogus' }] });
    expect(visual.json()['video_inputs.0.visual_style'].join(' ')).toContain('MagnifyingGlassCircle');
    expect(await credits()).toBe(before);

    const poor = await t.c.accounts.create('poor', 0);
    const broke = await post('/api/lipsyncs_v2/', { video_inputs: [scene()] }, { 'x-api-id': poor.api_id, 'x-api-key': poor.api_key });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().code).toBe('insufficient_credits');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/lipsyncs_v2/${unknown}/`)).statusCode).toBe(404);
    expect((await post(`/api/lipsyncs_v2/${unknown}/render/`)).statusCode).toBe(404);
    expect((await post(`/api/lipsyncs/${unknown}/preview/`)).statusCode).toBe(404);
  });
});
