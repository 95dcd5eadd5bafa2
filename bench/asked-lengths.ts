/**
 * The asked length (issue 28 pt 4), measured through the API on small real renders: for each group
 * what it was asked (or what its contract fixes) and what the preview, the render and the task's
 * `duration` came out as, probed with ffprobe. URL to Video has its own (bench/url-to-video.ts).
 *
 * Run: npx tsx bench/asked-lengths.ts [tts v1 v1x v2 aurora shorts inspirations cinema product templates editing music]
 * (no argument: all of them; `music` probes the first three library tracks, each synthesised on first use)
 * Prints one `ROW group | asked … | measured …` line per output.
 */
import { readFile } from 'node:fs/promises';
import { probeMedia } from '../src/engines/ffmpeg/index.js';
import { downloadTo, startTestApp, waitForTask, type TestApp } from '../test/helpers/app.js';
import { freshSqlite } from '../test/helpers/databases.js';
import { makeClip, makeColorImage, makeFixtureDir, makeSpeech } from '../test/helpers/media-fixtures.js';
import { makePortrait } from '../test/helpers/face-fixtures.js';
import { productPhoto } from '../test/helpers/product-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { makeTalkingVideo } from '../test/helpers/editing-fixtures.js';
import { DEFAULT_AVATAR_ID } from '../src/domain/catalog/avatars.js';

const which = new Set(process.argv.slice(2));
const want = (g: string) => which.size === 0 || which.has(g);
const fx = await makeFixtureDir('lengths-');
const pages = await startPageServer();
const db = await freshSqlite();
const t: TestApp = await startTestApp(db, {}, { credits: 100000 });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.headers, ...(payload ? { payload } : {}) });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.headers });
const len = async (url: string | null | undefined, name: string) => (await probeMedia(await downloadTo(t, url, fx.path(name)))).durationSeconds;
const row = (group: string, asked: string, what: Record<string, number | string | null>) =>
  console.log(
    `ROW ${group} | asked ${asked} | ${Object.entries(what)
      .map(([k, v]) => `${k}=${typeof v === 'number' ? v.toFixed(2) : v}`)
      .join(' ')}`,
  );

const product = await productPhoto({ width: 200, height: 240 });
pages.route('/product.png', { headers: { 'content-type': 'image/png' }, body: product.png });
pages.route('/red.png', {
  headers: { 'content-type': 'image/png' },
  body: await readFile(await makeColorImage(fx.path('red.png'), '#E01010', { width: 90, height: 160 })),
});
const speechFile = await makeSpeech(fx.path('speech.wav'), 'Hello, I am a photo that talks about a bottle.');
const speechSeconds = (await probeMedia(speechFile)).durationSeconds;
pages.route('/speech.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(speechFile) });
pages.route('/face.jpg', {
  headers: { 'content-type': 'image/jpeg' },
  body: await readFile(await makePortrait(fx.path('face.jpg'), 'presenter', { width: 400 })),
});

const jobs: Promise<void>[] = [];
if (want('tts'))
  jobs.push(
    (async () => {
      const r = await post('/api/text_to_speech/', { text: 'Our bottle keeps drinks cold for a whole day.', voice_id: t.c.speech.defaultVoiceId });
      const d = await waitForTask(t, `/api/text_to_speech/${r.json().id}/`, 120_000);
      row('TTS', 'the speech', { duration_field: d.duration, mp3: await len(d.output, 'tts.mp3'), failed: d.failed_reason });
    })(),
  );
if (want('v1'))
  jobs.push(
    (async () => {
      const r = await post('/api/lipsyncs/preview/', { aspect_ratio: '9:16', audio: pages.url('/speech.wav') });
      const p = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 300_000);
      const pre = await len(p.preview, 'v1p.mp4');
      await post(`/api/lipsyncs/${p.id}/render/`);
      const d = await waitForTask(t, `/api/lipsyncs/${p.id}/`, 600_000);
      row('AI Avatar v1', `speech ${speechSeconds.toFixed(2)}`, {
        preview: pre,
        render: await len(d.output, 'v1r.mp4'),
        field: d.duration,
        failed: d.failed_reason,
      });
    })(),
  );
if (want('v2'))
  jobs.push(
    (async () => {
      const r = await post('/api/lipsyncs_v2/preview/', {
        aspect_ratio: '1:1',
        video_inputs: [
          {
            character: { avatar_id: DEFAULT_AVATAR_ID },
            voice: { type: 'text', input_text: 'Meet our bottle.', voice_id: t.c.speech.defaultVoiceId },
            background: { type: 'image', url: pages.url('/product.png') },
            transition_effect: { transition_out: 'fade' },
            visual_style: 'FullProduct',
          },
          {
            character: { avatar_id: DEFAULT_AVATAR_ID },
            voice: { type: 'silence', duration: 1.5 },
            background: { type: 'image', url: pages.url('/red.png') },
            visual_style: 'SideBySide',
          },
        ],
        cta_end: true,
        cta_background: pages.url('/red.png'),
        cta_duration: 2,
      });
      if (r.statusCode !== 201) return console.log('v2', r.body);
      const p = await waitForTask(t, `/api/lipsyncs_v2/${r.json().id}/`, 300_000);
      const pre = await len(p.preview, 'v2p.mp4');
      await post(`/api/lipsyncs_v2/${p.id}/render/`);
      const d = await waitForTask(t, `/api/lipsyncs_v2/${p.id}/`, 600_000);
      const stored = (await t.c.store.tasks.get(p.id))!.result as Record<string, unknown>;
      row('AI Avatar v2', 'speech+1.5 silence+2 cta', {
        preview: pre,
        render: await len(d.output, 'v2r.mp4'),
        field: d.duration,
        failed: d.failed_reason,
        planKeys: Object.keys(stored).join(','),
      });
    })(),
  );
if (want('aurora'))
  jobs.push(
    (async () => {
      const r = await post('/api/aurora/', { image: pages.url('/face.jpg'), audio: pages.url('/speech.wav'), model_version: 'aurora_v1_fast' });
      const d = await waitForTask(t, `/api/aurora/${r.json().id}/`, 300_000);
      row('Aurora', `audio ${speechSeconds.toFixed(2)}`, { output: await len(d.output, 'aurora.mp4'), field: d.duration, failed: d.failed_reason });
    })(),
  );
if (want('shorts'))
  jobs.push(
    (async () => {
      const r = await post('/api/ai_shorts/preview/', { script: 'Dogs run on the beach. Rockets fly at night.', aspect_ratio: '9:16', style: '3D' });
      const p = await waitForTask(t, `/api/ai_shorts/${r.json().id}/`, 300_000);
      const pre = await len(p.preview, 'sp.mp4');
      await post(`/api/ai_shorts/${p.id}/render/`);
      const d = await waitForTask(t, `/api/ai_shorts/${p.id}/`, 600_000);
      const plan = (await t.c.store.tasks.get(p.id))!.result.plan as { speechSeconds: number };
      row('AI Shorts', `speech ${plan.speechSeconds.toFixed(2)}`, {
        preview: pre,
        render: await len(d.output, 'sr.mp4'),
        field: d.duration,
        failed: d.failed_reason,
      });
    })(),
  );
if (want('inspirations'))
  jobs.push(
    (async () => {
      const list = (await get('/api/inspirations/')).json() as {
        id: string;
        name: string;
        gen_type: string;
        input_params_schema: { properties: Record<string, unknown> };
      }[];
      for (const i of list.filter((x) => x.gen_type === 'video' && !('Video' in x.input_params_schema.properties))) {
        const params: Record<string, string> = { Resolution: '360p' };
        for (const k of Object.keys(i.input_params_schema.properties)) if (k !== 'Resolution') params[k] = pages.url('/product.png');
        const r = await post('/api/inspiration_jobs/', { inspiration_id: i.id, parameters: params });
        const d = await waitForTask(t, `/api/inspiration_jobs/${r.json().id}/`, 300_000);
        row('Inspiration', i.name, { output: await len(d.output, `insp-${i.id}.mp4`), failed: d.failed_reason });
      }
    })(),
  );
if (want('product'))
  jobs.push(
    (async () => {
      for (const [style, prompt] of [
        ['display', 'an 8 second turntable spin'],
        ['display', null],
        ['talking', 'Ruby Tonic. A red bottle.'],
      ] as const) {
        const c = await post('/api/product_to_videos/gen_image/', { product_url: pages.url('/product.png'), aspect_ratio: '9:16' });
        const img = await waitForTask(t, `/api/product_to_videos/${c.json().id}/`, 300_000);
        await post(`/api/product_to_videos/${img.id}/gen_video/`, { motion_style: style, ...(prompt ? { video_prompt: prompt } : {}) });
        const d = await waitForTask(t, `/api/product_to_videos/${img.id}/`, 600_000);
        row('Product Video', `${style} ${prompt}`, {
          output: await len(d.video_url, `pv-${style}-${prompt?.length}.mp4`),
          field: d.duration,
          failed: d.failed_reason,
        });
      }
    })(),
  );
if (want('templates'))
  jobs.push(
    (async () => {
      const list = (await get('/api/custom_templates/')).json() as { id: string; name: string; preview: string }[];
      for (const x of list) {
        const l = await len(x.preview, `tpl-${x.id}.mp4`).catch((e) => String(e).slice(0, 80));
        row('Template', x.name, { sample: l as number });
      }
    })(),
  );
if (want('editing'))
  jobs.push(
    (async () => {
      const talk = await makeTalkingVideo(fx, 'talk', [1.5, 2]);
      pages.route('/talk.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(talk.path) });
      const r = await post('/api/ai_editing/', { video_url: pages.url('/talk.mp4'), aspect_ratio: '9:16' });
      const d0 = await waitForTask(t, `/api/ai_editing/${r.json().id}/`, 300_000);
      await post(`/api/ai_editing/${d0.id}/preview/`);
      const p = await waitForTask(t, `/api/ai_editing/${d0.id}/`, 300_000);
      const pre = await len(p.preview, 'ep.mp4');
      await post(`/api/ai_editing/${d0.id}/render/`);
      const d = await waitForTask(t, `/api/ai_editing/${d0.id}/`, 600_000);
      row('AI Editing', `source ${talk.durationSeconds ?? '?'} minus dead air`, {
        preview: pre,
        render: await len(d.output, 'er.mp4'),
        field: d.duration,
        failed: d.failed_reason,
      });
    })(),
  );
if (want('cinema'))
  jobs.push(
    (async () => {
      const clip = await makeClip(fx.path('src.mp4'), 3.4, { width: 180, height: 320 }, true);
      pages.route('/src.mp4', { headers: { 'content-type': 'video/mp4' }, body: await readFile(clip) });
      const list = (await get('/api/inspirations/')).json() as { id: string; name: string }[];
      const i = list.find((x) => x.name === 'Cinematic Look')!;
      const r = await post('/api/inspiration_jobs/', { inspiration_id: i.id, parameters: { Video: pages.url('/src.mp4') } });
      const d = await waitForTask(t, `/api/inspiration_jobs/${r.json().id}/`, 300_000);
      row('Inspiration', `Cinematic Look source ${(await probeMedia(clip)).durationSeconds.toFixed(2)}`, {
        output: await len(d.output, 'cine.mp4'),
        failed: d.failed_reason,
      });
    })(),
  );
if (want('music'))
  jobs.push(
    (async () => {
      const list = (await get('/api/musics/?page_size=100')).json() as { results: { name: string; url: string; duration: number }[] };
      let worst = 0;
      for (const m of list.results.slice(0, 3)) {
        const l = await len(m.url, `m-${m.name.replace(/\W/g, '')}.mp3`);
        worst = Math.max(worst, Math.abs(l - m.duration));
        row('Music', `${m.name} duration ${m.duration}`, { file: l });
      }
      row('Music', 'worst', { diff: worst });
    })(),
  );
if (want('v1x'))
  jobs.push(
    (async () => {
      for (const body of [
        { aspect_ratio: '16:9', audio: pages.url('/speech.wav'), transparent_background: true },
        { aspect_ratio: '1:1', audio: pages.url('/speech.wav'), background_asset_image_url: pages.url('/product.png') },
        { aspect_ratio: '9:16', audio: pages.url('/speech.wav'), green_screen: true },
      ]) {
        const r = await post('/api/lipsyncs/preview/', body);
        const p = await waitForTask(t, `/api/lipsyncs/${r.json().id}/`, 300_000);
        const pre = await len(p.preview, `v1x-${r.json().id}.vid`);
        row('AI Avatar v1', `speech ${speechSeconds.toFixed(2)} ${JSON.stringify(body).slice(20, 90)}`, {
          preview: pre,
          field: p.duration,
          failed: p.failed_reason,
        });
      }
    })(),
  );
for (const r of await Promise.allSettled(jobs)) if (r.status === 'rejected') console.log('ERR', r.reason);
await t.close();
await db.drop();
await pages.close();
await fx.cleanup();
