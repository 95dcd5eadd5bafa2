/**
 * AI Avatar v2 benchmark: a two-scene video of about 20 s (a spoken scene, a silent one, the end
 * card) through the whole service in-process (HTTP inject → job → files), timing the preview
 * and the full render separately.
 *
 *   npx tsx bench/avatar-v2.ts [--style FullAvatar] [--second-style SideBySide] [--aspect 9:16] [--keep /some/dir]
 *
 * `--keep` copies the preview and the render there to look at.
 */
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_AVATAR_ID } from '../src/domain/catalog/avatars.js';
import { probeMedia } from '../src/engines/ffmpeg/index.js';
import { fileUrl, startTestApp, waitForTask } from '../test/helpers/app.js';
import { freshSqlite } from '../test/helpers/databases.js';
import { makeChords, makePhoto, makeFixtureDir } from '../test/helpers/media-fixtures.js';
import { startPageServer } from '../test/helpers/page-server.js';
import { arg } from './timing.js';

const exec = promisify(execFile);
const SCRIPT =
  'Hello, and welcome. Today I want to show you something that will change the way you start every morning. ' +
  'It takes two minutes, it costs nothing, and you can do it anywhere. Stay with me to the end and I will show you how. ' +
  'First, put your phone away and open the window.';

async function main(): Promise<void> {
  const fx = await makeFixtureDir('clipwright-bench-avatar-v2-');
  const pages = await startPageServer();
  const db = await freshSqlite();
  const t = await startTestApp(db, {}, { credits: 1000 });
  try {
    pages.route('/photo.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePhoto(fx.path('photo.jpg'), { width: 1280, height: 720 })),
    });
    pages.route('/end.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePhoto(fx.path('end.jpg'), { width: 720, height: 1280 }, 1)),
    });
    pages.route('/music.wav', { headers: { 'content-type': 'audio/wav' }, body: await readFile(await makeChords(fx.path('music.wav'), 6)) });
    const body = {
      aspect_ratio: arg('aspect', '9:16'),
      video_inputs: [
        {
          character: { avatar_id: DEFAULT_AVATAR_ID },
          voice: { type: 'text', input_text: SCRIPT },
          background: { type: 'image', url: pages.url('/photo.jpg'), effect: 'imageZoomIn' },
          transition_effect: { transition_out: 'leftSwipe' },
          visual_style: arg('style', 'FullAvatar'),
        },
        {
          character: { avatar_id: DEFAULT_AVATAR_ID },
          voice: { type: 'silence', duration: 2 },
          background: { type: 'image', url: pages.url('/photo.jpg') },
          visual_style: arg('second-style', 'SideBySide'),
        },
      ],
      background_music: { url: pages.url('/music.wav') },
      cta_end: true,
      cta_background: pages.url('/end.jpg'),
    };
    const { stdout: load } = await exec('cat', ['/proc/loadavg']);
    console.log(`AI Avatar v2 bench: ${body.video_inputs.map((s) => s.visual_style).join(' + ')}, ${body.aspect_ratio}; load ${load.split(' ')[0]}`);

    let start = Date.now();
    const created = await t.app.inject({ method: 'POST', url: '/api/lipsyncs_v2/preview/', headers: t.headers, payload: body });
    if (created.statusCode !== 201) throw new Error(created.body);
    const id = created.json().id as string;
    const previewed = await waitForTask(t, `/api/lipsyncs_v2/${id}/`, 900_000);
    if (previewed.status !== 'done') throw new Error(previewed.failed_reason ?? 'failed');
    const previewSeconds = (Date.now() - start) / 1000;

    start = Date.now();
    await t.app.inject({ method: 'POST', url: `/api/lipsyncs_v2/${id}/render/`, headers: t.headers });
    const done = await waitForTask(t, `/api/lipsyncs_v2/${id}/`, 900_000);
    if (done.status !== 'done') throw new Error(done.failed_reason ?? 'failed');
    const renderSeconds = (Date.now() - start) / 1000;

    const files: Record<string, string> = {};
    for (const [name, url] of [
      ['preview.mp4', done.preview],
      ['render.mp4', done.output],
    ] as const) {
      const u = new URL(fileUrl(url));
      const r = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
      files[name] = fx.path(name);
      await writeFile(files[name]!, r.rawPayload);
    }
    const probe = await probeMedia(files['render.mp4']!);
    console.log(`video ${probe.durationSeconds.toFixed(2)} s, ${probe.video?.width}x${probe.video?.height}`);
    console.log(`preview (plan + 360p draw): ${previewSeconds.toFixed(1)} s wall`);
    console.log(
      `render (full size, from the saved plan): ${renderSeconds.toFixed(1)} s wall = ${(probe.durationSeconds / renderSeconds).toFixed(2)}x real time`,
    );
    const keep = arg('keep', '');
    if (keep) for (const [name, path] of Object.entries(files)) await copyFile(path, join(keep, name));
  } finally {
    await t.close();
    await db.drop();
    await pages.close();
    await fx.cleanup();
  }
}

await main();
